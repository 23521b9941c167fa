/** Vite's `?raw` imports (a file's text as a string), as site/src/changelog-source.ts reads CHANGELOG.md. */
declare module "*?raw" {
  const text: string;
  export default text;
}
