/** One switchable deviation from the specification: its name, the § it breaks and what it does. */
export interface FaultDefinition {
  name: string;
  section: string;
  description: string;
}
