declare module "swagger-ui-dist/swagger-ui-es-bundle.js" {
  const SwaggerUI: (options: Record<string, unknown>) => { getSystem?: () => unknown };
  export default SwaggerUI;
}
