/** One switchable deviation from the specification: its name, the § it breaks and what it does. */
export interface FaultDefinition<Name extends string = string> {
  name: Name;
  section: string;
  description: string;
}
