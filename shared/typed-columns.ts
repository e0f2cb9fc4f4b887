// Columns of numbers held in typed arrays, one slot per record (the status history's index on the main
// side, the renderer's since rows): grown by doubling, the values kept.

export type NumberColumn = Float64Array | Int32Array | Uint16Array | Uint8Array;

/** A copy of `column` with room for `capacity` slots (at least its own), its values in the first ones. */
export function grownColumn<T extends NumberColumn>(column: T, capacity: number): T {
  const next = new (column.constructor as new (length: number) => T)(Math.max(capacity, column.length));
  next.set(column);
  return next;
}
