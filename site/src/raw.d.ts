/** Vite's `?raw` imports (a file's text as a string), as site/src/changelog-source.ts reads CHANGELOG.md. */
declare module "*?raw" {
  const text: string;
  export default text;
}
/** Vite's `?url` imports (the built address of an asset), as src/scripts/api-reference.ts links its stylesheets. */
declare module "*?url" {
  const href: string;
  export default href;
}
