import { TRACKING_CSV_MAX_LINES } from '@gacha/contract/admin-shipping';
import { carriers, trackingCodeSchema, type CarrierKey } from '@gacha/contract/draws';
import type { MessageRef } from '../../http/api-error.ts';
import { readCsv } from '../../http/csv.ts';

/**
 * The CSV of tracking codes the console uploads: one line per batch, `shipment id, carrier, tracking
 * code`. Read with csv-parse (http/csv.ts readCsv), then every line is checked on its own
 * and against the others; the shipping service then checks the batches themselves. Nothing here writes.
 */

export interface TrackingLine {
  /** The file's line number (1-based; where the record ends, for a quoted field spanning lines). */
  line: number;
  shipmentId: number | null;
  carrier: CarrierKey | null;
  trackingCode: string | null;
  error: MessageRef | null;
}

export interface TrackingFile {
  /** A problem with the file as a whole (unreadable, empty, too long); then `lines` may be partial or empty. */
  fileError: MessageRef | null;
  lines: TrackingLine[];
}

/** Other spellings staff type for a carrier (lower case, spaces and hyphens as '_'). */
const CARRIER_ALIASES: Record<string, CarrierKey> = {
  ems: 'japan_post',
  epacket: 'japan_post',
  japanpost: 'japan_post',
  jp_post: 'japan_post',
  yamato_transport: 'yamato',
  kuroneko: 'yamato',
  sagawa_express: 'sagawa',
  federal_express: 'fedex',
};

export function carrierKey(value: string): CarrierKey | null {
  const v = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if ((carriers as readonly string[]).includes(v)) return v as CarrierKey;
  return CARRIER_ALIASES[v] ?? null;
}

/** A first line naming the columns (its first field is not a number) is a header, not a batch. */
const isHeader = (record: string[]) => record.length > 0 && /[a-z]/i.test(record[0] ?? '');

export function readTrackingCsv(text: string): TrackingFile {
  const read = readCsv(text);
  if ('unreadableAt' in read) {
    const line = read.unreadableAt;
    return {
      fileError: 'csv_unreadable',
      lines: [{ line, shipmentId: null, carrier: null, trackingCode: null, error: 'csv_unreadable' }],
    };
  }
  let records = read.records;
  if (records.length && isHeader(records[0]!.record)) records = records.slice(1);
  if (!records.length) return { fileError: 'csv_empty', lines: [] };
  if (records.length > TRACKING_CSV_MAX_LINES)
    return { fileError: { key: 'csv_too_many_lines', params: { max: TRACKING_CSV_MAX_LINES } }, lines: [] };

  const firstOfShipment = new Map<number, number>();
  const firstOfCode = new Map<string, number>();
  const lines = records.map(({ record, info }): TrackingLine => {
    const line = info.lines;
    const [rawId = '', rawCarrier = '', rawCode = ''] = record;
    const shipmentId = /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
    const carrier = carrierKey(rawCarrier);
    const code = trackingCodeSchema.safeParse(rawCode);
    const out: TrackingLine = {
      line,
      shipmentId,
      carrier,
      trackingCode: code.success ? code.data : rawCode || null,
      error: null,
    };
    if (record.length !== 3) return { ...out, error: 'csv_columns' };
    if (shipmentId === null) return { ...out, error: 'csv_shipment_id' };
    if (!carrier)
      return { ...out, error: { key: 'carrier_unknown', params: { carriers: carriers.join(', ') } } };
    if (!code.success) return { ...out, error: 'tracking_code_invalid' };
    const sameBatch = firstOfShipment.get(shipmentId);
    if (sameBatch !== undefined)
      return { ...out, error: { key: 'csv_duplicate_shipment', params: { line: sameBatch } } };
    firstOfShipment.set(shipmentId, line);
    const codeKey = code.data.toUpperCase();
    const sameCode = firstOfCode.get(codeKey);
    if (sameCode !== undefined)
      return { ...out, error: { key: 'csv_duplicate_code', params: { line: sameCode } } };
    firstOfCode.set(codeKey, line);
    return out;
  });
  return { fileError: null, lines };
}
