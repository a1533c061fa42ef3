/** Resolves in a new task, so the work after it does not lengthen the current one (no React: the entry uses it). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
