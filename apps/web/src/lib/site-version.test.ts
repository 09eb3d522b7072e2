import { describe, expect, it, vi } from 'vitest';
import { ensureSiteVersion } from './site-version';

describe('site version marker (000 §4)', () => {
  it("when the marker is missing, then it is set to '1.0' and the page reloads once", () => {
    const reload = vi.fn();
    expect(ensureSiteVersion(reload)).toBe(true);
    expect(window.localStorage.getItem('version')).toBe('1.0');
    expect(reload).toHaveBeenCalledTimes(1);

    // The reloaded page finds the marker and goes on without another reload.
    expect(ensureSiteVersion(reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('when the marker holds an old version, then it is replaced and the page reloads', () => {
    window.localStorage.setItem('version', '0.9');
    const reload = vi.fn();
    expect(ensureSiteVersion(reload)).toBe(true);
    expect(window.localStorage.getItem('version')).toBe('1.0');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('when the marker cannot be kept, then there is no reload loop', () => {
    const reload = vi.fn();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => undefined);
    expect(ensureSiteVersion(reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('when a reload already happened in this tab but the marker was lost again, then it does not reload twice', () => {
    const reload = vi.fn();
    ensureSiteVersion(reload);
    window.localStorage.removeItem('version');
    expect(ensureSiteVersion(reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
