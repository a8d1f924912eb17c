import { z } from 'zod';

/**
 * GET /user/site_info: the seller's details the legal pages, the contact page and the footer show (configuration,
 * never text in the pages): the Act on Specified Commercial Transactions asks for them.
 */
export const siteInfoSchema = z.object({
  seller_name: z.string(),
  seller_representative: z.string(),
  seller_address: z.string(),
  seller_email: z.string(),
  /** How the phone number is given (on request, without delay), in the member's language. */
  seller_phone_note: z.string(),
  /** Support hours in the member's language, e.g. 'Weekdays 10:00–17:00 (Japan time)'. */
  support_hours: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

/** GET /user/banners: the Top carousel and the notices above the tabs live now, in the member's language. */
export const bannersSchema = z.object({
  top: z.array(
    z.object({
      id: z.number().int(),
      /** Desktop picture; `sp_image_url` the one at ≤ 768 px. */
      image_url: z.string(),
      sp_image_url: z.string(),
      /** Same-origin path the banner leads to; '' shows it without a link. */
      link_url: z.string(),
      tone: z.string(),
      title: z.string(),
      text: z.string(),
      cta: z.string(),
    }),
  ),
  alerts: z.array(z.object({ id: z.number().int(), tone: z.string(), title: z.string(), text: z.string() })),
});
export type Banners = z.infer<typeof bannersSchema>;
