// The context menu keeps the entry the user moved to when its owner re-renders (a poll re-renders the
// device grid while a row's menu is open, passing a new onClose each time).
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ContextMenu, type MenuItem } from '../../../renderer/components/ContextMenu.js';

const items: MenuItem[] = [
  { label: 'Copy name', onSelect: () => {} },
  { label: 'Copy IP', onSelect: () => {} },
  { label: 'Move to folder…', onSelect: () => {} },
];

describe('ContextMenu', () => {
  it('keeps focus on the chosen entry across a re-render with a new onClose', () => {
    const view = render(<ContextMenu label="Actions" at={{ x: 0, y: 0 }} items={items} onClose={() => {}} />);
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Copy name' }));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Copy IP' }));

    view.rerender(<ContextMenu label="Actions" at={{ x: 0, y: 0 }} items={items} onClose={() => {}} />);
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Copy IP' }));
  });

  it('closes on a click outside through the latest onClose', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const view = render(<ContextMenu label="Actions" at={{ x: 0, y: 0 }} items={items} onClose={first} />);
    view.rerender(<ContextMenu label="Actions" at={{ x: 0, y: 0 }} items={items} onClose={latest} />);
    fireEvent.mouseDown(document.body);
    expect(latest).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
  });

  it('returns focus to where it was when it closes', () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    const view = render(<ContextMenu label="Actions" at={{ x: 0, y: 0 }} items={items} onClose={() => {}} />);
    expect(document.activeElement).not.toBe(outside);
    view.unmount();
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });
});
