// Secrets, signatures and verifiers are compared without an early exit, so the time a refusal takes says
// nothing about how many leading characters were right. Pure JS because shared/ has no node:crypto; the
// provider also uses it so that both sides of the comparison are the same code.

const utf8 = new TextEncoder();

/** True when `a` and `b` are the same string; runs over the longer of the two whatever their content. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  const length = Math.max(x.length, y.length);
  let difference = x.length ^ y.length;
  for (let i = 0; i < length; i++) {
    difference |= (x[i] ?? 0) ^ (y[i] ?? 0);
  }
  return difference === 0;
}
