/** What `run` throws; a run that throws nothing fails the test. */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

/** The message `run` throws with; a run that throws nothing fails the test. */
export function errorOf(run: () => unknown): string {
  return (thrownBy(run) as Error).message;
}
