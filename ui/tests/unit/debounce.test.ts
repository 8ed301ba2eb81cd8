// The debounce used to re-check code while the person types.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { debounce } from "../../src/lib/debounce";

describe("debounce", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs once with the last arguments, after the quiet time", () => {
    const fn = vi.fn();
    const d = debounce(fn, 400);
    d("a"); vi.advanceTimersByTime(300);
    d("b"); vi.advanceTimersByTime(300);
    d("c");
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(399);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith("c");
  });
  it("cancel drops the pending call; flush runs it now", () => {
    const fn = vi.fn();
    const d = debounce(fn, 100);
    d(1); d.cancel(); vi.advanceTimersByTime(200);
    expect(fn).not.toHaveBeenCalled();
    d(2); d.flush();
    expect(fn).toHaveBeenCalledWith(2);
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledTimes(1);
    d.flush();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
