/** A map that forgets its oldest entries past `limit`: what the proxy remembers of a conversation stays bounded however long it runs. */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    // Re-inserted, a key counts as the newest.
    super.delete(key);
    super.set(key, value);
    if (this.size > this.limit) super.delete(this.keys().next().value as K);
    return this;
  }
}
