import {
  calendarEntries,
  calendarEvent,
  calendarRange,
  eventBody,
  eventPatch,
  instantField,
  occurrenceMove,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams } from '../../http/pagination.ts';
import { errorResponses } from '../../http/route-kit.ts';
import * as calendar from './events.service.ts';

const tags = ['calendar'];

const occurrenceParams = idParams.extend({
  /** The occurrence's original start, as the calendar lists it (`occurrence_start`). */
  start: instantField('validation.date'),
});

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'event', action: 'list' } },
      schema: {
        operationId: 'listCalendarEntries',
        tags,
        summary:
          'The occurrences of the events the user sees and the entries of their courses in `[start, end)`',
        querystring: calendarRange,
        response: { 200: calendarEntries, ...errorResponses },
      },
    },
    async (request) => calendar.entries(app.ctx, requireActor(request), request.query),
  );
  app.post(
    '/',
    {
      config: { access: { entity: 'event', action: 'create' } },
      schema: {
        operationId: 'createEvent',
        tags,
        summary: 'Create an event, one-off or weekly, personal or for an audience',
        body: eventBody,
        response: { 201: calendarEvent, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await calendar.create(app.ctx, requireActor(request), request.body)),
  );
  app.get(
    '/:id',
    {
      config: { access: { entity: 'event', action: 'read' } },
      schema: {
        operationId: 'getEvent',
        tags,
        summary: 'One event (the series, for a repeated one)',
        params: idParams,
        response: { 200: calendarEvent, ...errorResponses },
      },
    },
    async (request) => calendar.read(app.ctx, requireActor(request), request.params.id),
  );
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'event', action: 'update' } },
      schema: {
        operationId: 'updateEvent',
        tags,
        summary: 'Change the given fields of an event (the whole series)',
        params: idParams,
        body: eventPatch,
        response: { 200: calendarEvent, ...errorResponses },
      },
    },
    async (request) =>
      calendar.update(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'event', action: 'delete' } },
      schema: {
        operationId: 'deleteEvent',
        tags,
        summary: 'Delete an event (the whole series)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await calendar.remove(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.put(
    '/:id/occurrences/:start',
    {
      config: { access: { entity: 'event', action: 'update' } },
      schema: {
        operationId: 'moveEventOccurrence',
        tags,
        summary: 'Move one occurrence of a series, the others unchanged',
        params: occurrenceParams,
        body: occurrenceMove,
        response: { 200: calendarEvent, ...errorResponses },
      },
    },
    async (request) =>
      calendar.moveOccurrence(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.params.start,
        request.body,
      ),
  );
  app.delete(
    '/:id/occurrences/:start',
    {
      config: { access: { entity: 'event', action: 'update' } },
      schema: {
        operationId: 'cancelEventOccurrence',
        tags,
        summary: 'Cancel one occurrence of a series, the others unchanged',
        params: occurrenceParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await calendar.cancelOccurrence(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.params.start,
      );
      return reply.status(204).send(null);
    },
  );
};

/** `GET /api/me/planning`: the same entries as the calendar, for the student's planning. */
export const myPlanningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/planning',
    {
      config: { access: { entity: 'event', action: 'list' } },
      schema: {
        operationId: 'getMyPlanning',
        tags,
        summary: "The user's planning in `[start, end)`: events, exams, deadlines and episodes",
        querystring: calendarRange,
        response: { 200: calendarEntries, ...errorResponses },
      },
    },
    async (request) => calendar.entries(app.ctx, requireActor(request), request.query),
  );
};
