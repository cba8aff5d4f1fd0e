/** A JSON Schema object as it appears in an OpenAPI 3.1 document. */
export type JsonSchema = { [keyword: string]: unknown };

/** An OpenAPI operation: only the members the generator reads. */
export interface OperationObject {
  'x-section'?: string;
  operationId?: string;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: JsonSchema }> }>;
  [member: string]: unknown;
}

/** An OpenAPI path item: operations by lower-case method, plus shared members such as parameters. */
export type PathItem = Record<string, unknown>;

/** An OpenAPI 3.1 document as plain JSON, typed only where the tools read it. */
export interface OpenApiDocument {
  openapi: string;
  paths?: Record<string, PathItem>;
  webhooks?: Record<string, PathItem>;
  components?: { schemas?: Record<string, JsonSchema>; [kind: string]: unknown };
  [member: string]: unknown;
}

/** The HTTP methods an OpenAPI path item may hold, in the order the generator lists them. */
export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
