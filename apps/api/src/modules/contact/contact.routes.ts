import { contactRequestWithInstitution, errorBody } from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import * as contact from './contact.service.ts';

const answer = { 200: z.object({ message: z.string() }), 422: errorBody, 429: errorBody };

/** The contact form: guests (client-request) and signed-in users (user-request). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/client-request',
    {
      config: { access: { public: 'the contact form of visitors' }, beforeMfaEnrolment: true },
      schema: {
        operationId: 'sendContactRequest',
        tags: ['contact'],
        summary:
          'Contact request from a visitor; queues the notification (no mail to the typed address)',
        security: [],
        body: contactRequestWithInstitution,
        response: answer,
      },
    },
    async (request) =>
      contact.send(
        app.ctx,
        { actor: request.actor, ip: request.ip, locale: request.locale },
        request.body,
      ),
  );
  app.post(
    '/user-request',
    {
      config: {
        access: { signedIn: 'anyone writes to their institution' },
        beforeMfaEnrolment: true,
      },
      schema: {
        operationId: 'sendSupportRequest',
        tags: ['contact'],
        summary:
          'Contact request from the signed-in user (to their institution; acknowledged at their address)',
        body: contactRequestWithInstitution,
        response: { ...answer, 401: errorBody },
      },
    },
    async (request) =>
      contact.send(
        app.ctx,
        { actor: requireActor(request), ip: request.ip, locale: request.locale },
        request.body,
      ),
  );
};
