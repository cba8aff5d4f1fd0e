/**
 * One switchable legal choice: its name, the § that leaves the choice open, what it changes, and
 * optionally the group of mutually exclusive alternatives it belongs to (`--variant all` takes one per group).
 */
export interface VariantDefinition<Name extends string = string> {
  name: Name;
  section: string;
  description: string;
  group?: string;
}
