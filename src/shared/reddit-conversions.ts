import { z } from 'zod';
import { emailField } from './auth-schemas';
import { oneLineText } from './text';

/**
 * The ad network's conversion calls, POST /api/reddit/{landing,signup,purchase,add-to-cart}, with
 * The payloads of docs/product/analytics.md, Ad network conversions. Each may carry the conversion id the browser gave the same event
 * in the pixel, so the network counts the pair once.
 */

const conversionId = oneLineText().min(1).max(100).optional();
const shortText = (max: number) => oneLineText().max(max).optional();

const landingConversionBody = z.object({
  /** The ad click's rdt_cid. */
  clickId: shortText(500),
  userAgent: shortText(1000),
  utmSource: shortText(200),
  utmCampaign: shortText(200),
  conversionId,
});

const signupConversionBody = z.object({
  userId: oneLineText().min(1).max(100),
  email: emailField,
  clickId: shortText(500),
  conversionId,
});

const purchaseConversionBody = z.object({
  userId: oneLineText().min(1).max(100),
  email: emailField,
  value: z.number().nonnegative().max(100_000),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((code) => code.toUpperCase())
    .default('USD'),
  clickId: shortText(500),
  conversionId,
});

const addToCartConversionBody = z.object({
  plan: z.enum(['monthly', 'annual']),
  clickId: shortText(500),
  conversionId,
});

/** Each call's path and payload (the pixel's name for the same event: reddit-pixel.ts). */
export const conversionCalls = {
  landing: { body: landingConversionBody },
  signup: { body: signupConversionBody },
  purchase: { body: purchaseConversionBody },
  'add-to-cart': { body: addToCartConversionBody },
} as const;

export type ConversionKind = keyof typeof conversionCalls;
export type ConversionBody<Kind extends ConversionKind> = z.input<(typeof conversionCalls)[Kind]['body']>;
