/** A clock that only moves when the pacer sleeps, so a test sees exactly the waits it asked for. */
export function fakeClock(start: number) {
  const clock = { now: start, sleeps: [] as number[] };
  return {
    clock,
    options: {
      now: () => clock.now,
      sleep: async (ms: number) => {
        clock.sleeps.push(ms);
        clock.now += ms;
      },
    },
  };
}
