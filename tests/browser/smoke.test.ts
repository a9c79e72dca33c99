// Smoke test proving the Vitest browser-mode harness works: DOM rendering, module Web Workers
// with transferables, and a guard that fails on any console.error.
// To be replaced later by a test that mounts the real app.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

describe('browser harness smoke test', () => {
  let consoleErrorSpy: MockInstance<typeof console.error>;
  const workers: Worker[] = [];

  beforeEach(() => {
    // Spy (not silence): errors still reach the browser console, but we can assert on them.
    consoleErrorSpy = vi.spyOn(console, 'error');
  });

  afterEach(() => {
    for (const worker of workers.splice(0)) worker.terminate();
    document.body.replaceChildren();
    const calls = consoleErrorSpy.mock.calls;
    consoleErrorSpy.mockRestore();
    expect(calls, 'console.error must not be called').toEqual([]);
  });

  it('renders a DOM element', () => {
    const heading = document.createElement('h1');
    heading.id = 'smoke-heading';
    heading.textContent = 'TCP-over-ATM Lab';
    document.body.append(heading);

    const found = document.querySelector<HTMLHeadingElement>('#smoke-heading');
    expect(found).not.toBeNull();
    expect(found?.textContent).toBe('TCP-over-ATM Lab');
    expect(found?.isConnected).toBe(true);
  });

  it('round-trips a transferred Float64Array through a module worker', async () => {
    const worker = new Worker(new URL('./fixtures/echo.worker.ts', import.meta.url), {
      type: 'module',
    });
    workers.push(worker);

    const expected = [0, 1.5, -2.25, Math.PI, Number.MAX_VALUE, Number.MIN_VALUE, -0];
    const values = Float64Array.from(expected);

    const reply = new Promise<{ id: number; values: Float64Array; receivedByteLength: number }>(
      (resolve, reject) => {
        worker.addEventListener('message', (event) => resolve(event.data), { once: true });
        worker.addEventListener('error', (event) => reject(new Error(event.message)), {
          once: true,
        });
        worker.addEventListener('messageerror', () => reject(new Error('messageerror')), {
          once: true,
        });
      },
    );

    worker.postMessage({ id: 42, values }, { transfer: [values.buffer] });
    // Transferred: the sender's buffer is detached.
    expect(values.byteLength).toBe(0);

    const response = await reply;
    expect(response.id).toBe(42);
    expect(response.values).toBeInstanceOf(Float64Array);
    expect(response.receivedByteLength).toBe(expected.length * Float64Array.BYTES_PER_ELEMENT);
    expect(Array.from(response.values)).toEqual(expected);
    expect(Object.is(response.values[6], -0)).toBe(true);
  });
});
