/** Placeholder until the inspector page lands (issue 18). */
export function InspectorPage() {
  return <main><h1>Flow inspector</h1></main>;
}
