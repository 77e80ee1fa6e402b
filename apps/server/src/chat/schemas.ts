/**
 * The answer schemas of the chat routes (the OpenAPI document), used for serialization
 * and the OpenAPI document.
 */
import { z } from 'zod';

const factsSchema = z.object({
  monthlyKwh: z.number().optional(),
  monthlyBill: z.number().optional(),
  roofType: z.string().optional(),
  roofArea: z.number().optional(),
  location: z.string().optional(),
});
const botTypeSchema = z.literal([0, 1]);

export const historyResponse = z.object({
  conversationId: z.string(),
  title: z.string(),
  startedAt: z.string(),
  status: z.enum(['active', 'ended']),
  messages: z
    .array(
      z.object({
        id: z.string(),
        role: z.enum(['user', 'assistant', 'system']),
        content: z.string(),
        botType: botTypeSchema.nullable(),
        createdAt: z.string(),
        extractedDataJson: z.string().nullable(),
        interrupted: z.boolean(),
      }),
    )
    .readonly(),
});
export const listResponse = z.object({
  conversations: z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        messageCount: z.number(),
        lastMessageAt: z.string(),
        titleGenerated: z.boolean(),
      }),
    )
    .readonly(),
  page: z.number(),
  totalPages: z.number(),
});
export const portfolioResponse = z.object({
  electricityConsumption: z.object({
    monthlyKwh: z.number().nullable(),
    monthlyBill: z.number().nullable(),
    currency: z.literal('KGS'),
  }),
  propertyInfo: z.object({
    roofType: z.string().nullable(),
    roofArea: z.number().nullable(),
    location: z.string().nullable(),
  }),
  updatedAt: z.string().nullable(),
  /** Where each known fact was stated: its conversation and when. */
  sources: z.partialRecord(
    z.enum(['monthlyKwh', 'monthlyBill', 'roofType', 'roofArea', 'location']),
    z.object({
      conversationId: z.string().nullable(),
      conversationTitle: z.string().nullable(),
      recordedAt: z.string(),
    }),
  ),
});

/** An example conversation id of the OpenAPI document. */
export const conversationId = '5b0c7d2e-1f3a-4c6b-9d8e-2a4f6b8c0d1e';

/** Documents the event-stream answer of `POST /chat/stream` in the OpenAPI document. */
export const streamChunkSchema = z.object({
  conversationId: z.string(),
  textDelta: z.string(),
  botType: botTypeSchema,
  isComplete: z.boolean(),
  isError: z.boolean(),
  completeMessage: z.string().nullable().optional(),
  extractedData: factsSchema.nullable().optional(),
});
