const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths, queries and bodies are checked before they reach a uuid column, which would refuse with a 500. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
