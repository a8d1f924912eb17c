import type { Migration } from 'kysely';
import * as m001 from './001-foundation.ts';
import * as m002 from './002-reference-data.ts';
import * as m003 from './003-draws.ts';
import * as m004 from './004-payments.ts';
import * as m005 from './005-members.ts';
import * as m006 from './006-pack-videos.ts';
import * as m007 from './007-won-items-shipment-partial.ts';
import * as m008 from './008-pack-lots-sold-by-range.ts';
import * as m009 from './009-ranks-exchange-transfer.ts';
import * as m010 from './010-board.ts';
import * as m011 from './011-staff.ts';
import * as m012 from './012-card-details.ts';
import * as m013 from './013-console-catalogue.ts';
import * as m014 from './014-pack-pause.ts';
import * as m015 from './015-members-console.ts';
import * as m016 from './016-job-runs.ts';
import * as m017 from './017-refunds-shipping-console.ts';
import * as m018 from './018-odds-disclosure.ts';
import * as m019 from './019-pg-purchase-function.ts';
import * as m020 from './020-audit-no-truncate.ts';
import * as m021 from './021-card-type-tabs.ts';
import * as m022 from './022-ledger-paid-part.ts';
import * as m023 from './023-shop-words-to-demo.ts';
import * as m024 from './024-release-rooms.ts';

/** Every migration in order. Add new ones here; names sort as they run. */
export const migrations: Record<string, Migration> = {
  '001-foundation': m001,
  '002-reference-data': m002,
  '003-draws': m003,
  '004-payments': m004,
  '005-members': m005,
  '006-pack-videos': m006,
  '007-won-items-shipment-partial': m007,
  '008-pack-lots-sold-by-range': m008,
  '009-ranks-exchange-transfer': m009,
  '010-board': m010,
  '011-staff': m011,
  '012-card-details': m012,
  '013-console-catalogue': m013,
  '014-pack-pause': m014,
  '015-members-console': m015,
  '016-job-runs': m016,
  '017-refunds-shipping-console': m017,
  '018-odds-disclosure': m018,
  '019-pg-purchase-function': m019,
  '020-audit-no-truncate': m020,
  '021-card-type-tabs': m021,
  '022-ledger-paid-part': m022,
  '023-shop-words-to-demo': m023,
  '024-release-rooms': m024,
};
