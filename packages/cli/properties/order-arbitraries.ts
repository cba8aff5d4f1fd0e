import fc from 'fast-check';
import { KeepOnNullCommand, ReplaceItemsCommand, UpdateAddressCommand, UpsertCommand, type UpdateMethod } from './order-commands.js';

/** PATCH or PUT: §4.1 and §9.5 make them identical for orders. */
export const methodArb = fc.constantFrom<UpdateMethod>('PATCH', 'PUT');

const textArb = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .-]{0,11}$/);

/** Some §2.1 address properties with valid non-null values, at least one. */
export const addressPatchArb: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    city: textArb,
    line1: textArb,
    line2: textArb,
    postal_code: fc.stringMatching(/^[0-9]{4,6}$/),
    country_code: fc.constantFrom('DE', 'NL', 'FR', 'AT'),
    company: textArb,
    phone: fc.stringMatching(/^\+[0-9]{6,10}$/),
    first_name: textArb,
  },
  { requiredKeys: [], noNullPrototype: true },
).filter((patch) => Object.keys(patch).length > 0);

const quantityArb = fc.integer({ min: 1, max: 5 });

/**
 * One generated update, each kind a small command class. Item replacement is drawn most often and
 * sequences run up to eight steps: rule 3 has the most to get wrong, and some of it only shows a step later.
 */
export const mergeCommandsArb = fc.commands([
  fc.tuple(methodArb, addressPatchArb).map(([method, patch]) => new UpdateAddressCommand(method, patch)),
  ...[1, 2, 3].map(() => fc.tuple(methodArb, fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }), fc.array(quantityArb, { minLength: 1, maxLength: 3 }), fc.array(quantityArb, { maxLength: 2 }))
    .map(([method, keep, quantities, added]) => new ReplaceItemsCommand(method, keep, quantities, added))),
  fc.tuple(methodArb, fc.oneof(
    fc.constantFrom<'empty-body' | 'address-null'>('empty-body', 'address-null'),
    fc.subarray(['city', 'line1', 'postal_code', 'country_code'], { minLength: 1 }),
  )).map(([method, nulls]) => new KeepOnNullCommand(method, nulls)),
  fc.tuple(methodArb, fc.boolean(), addressPatchArb).map(([method, toExisting, patch]) => new UpsertCommand(method, toExisting, patch)),
], { maxCommands: 8, size: 'medium' });
