import { randomUUID } from 'node:crypto';
import type { ServerState } from '../context.js';
import { nowIso } from '../context.js';
import type { Shipment } from '../store.js';

/**
 * The seeded shipments the warehouse moves along (our choice, server/README.md "Shipment events"):
 * 402 between picking_assigned and in_picking, and 413 (handed to the carrier, with a tracking
 * number) between the delivery statuses information_transmitted and in_transit. Neither is ever
 * shipped, so v1 GET /shipments (shipped only) does not change.
 */
export const progressingShipments = { status: 402, deliveryStatus: 413 } as const;

// How long after an order is created the warehouse moves: long enough for the create to be answered first.
const delayMs = 200;
const scheduled = new WeakSet<ServerState>();

/**
 * A little after an order is created through the API, moves the two progressing shipments one step
 * and announces it: v1 shipment_status_updated and delivery_status_updated, v2 shipment.status_updated
 * and shipment.delivery_status_updated (§6.1, §6.2). Creates in quick succession make one move.
 */
export function scheduleShipmentProgress(state: ServerState): void {
  if (scheduled.has(state)) return;
  scheduled.add(state);
  setTimeout(() => {
    scheduled.delete(state);
    progress(state);
  }, delayMs).unref();
}

function progress(state: ServerState): void {
  const moving = state.store.shipments.get(progressingShipments.status);
  if (moving) {
    moving.status = moving.status === 'picking_assigned' ? 'in_picking' : 'picking_assigned';
    moving.updated_at = nowIso(state);
    announce(state, moving, 'shipment_status_updated', 'shipment.status_updated');
  }
  const travelling = state.store.shipments.get(progressingShipments.deliveryStatus);
  // §6.1: the v1 delivery event is not sent for shipments without a tracking code; 413 has one.
  if (travelling) {
    travelling.delivery_status = travelling.delivery_status === 'in_transit' ? 'information_transmitted' : 'in_transit';
    travelling.updated_at = nowIso(state);
    announce(state, travelling, 'delivery_status_updated', 'shipment.delivery_status_updated');
  }
}

function announce(state: ServerState, shipment: Shipment, v1Event: string, v2Event: string): void {
  const { faults } = state;
  const v1Payload = structuredClone(shipment);
  state.emit({
    api: 'v1',
    type: v1Event,
    payload: faults.has('webhooks-v1-shipment-event-enveloped')
      ? { event_type: v1Event, event_id: randomUUID(), timestamp: nowIso(state), data: v1Payload }
      : v1Payload,
  });
  const v2Payload: Partial<Shipment> = structuredClone(shipment);
  if (v2Event === 'shipment.status_updated' && faults.has('webhooks-v2-shipment-event-missing-status')) delete v2Payload.status;
  state.emit({ api: 'v2', type: v2Event, payload: v2Payload });
}
