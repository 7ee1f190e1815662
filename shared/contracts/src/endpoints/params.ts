import { z } from 'zod';
import { fields } from '../validation';

// Path parameters (ids travel as text in the path).
export const idParamsSchema = z.object({ id: fields.id() });
export const todoTaskParamsSchema = z.object({ id: fields.id(), taskId: fields.id() });
export const contactTaskParamsSchema = z.object({ contactId: fields.id(), taskId: fields.id() });

// A call that takes no field; the client may still send an (empty) multipart body.
export const emptyPayloadSchema = z.object({});
export const noDataSchema = z.null();
