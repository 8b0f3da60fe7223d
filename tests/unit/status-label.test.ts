import { describe, expect, it } from 'vitest';
import { statusLabel } from '../../src/domain/status-label.ts';

describe('statusLabel', () => {
  it('capitalises the first letter and shows underscores as spaces', () => {
    expect(statusLabel('in_progress')).toBe('In progress');
    expect(statusLabel('pending')).toBe('Pending');
    expect(statusLabel('handled')).toBe('Handled');
    expect(statusLabel('all')).toBe('All');
    expect(statusLabel('')).toBe('');
  });
});
