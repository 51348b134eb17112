import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { authPlugin } from './auth/plugin.ts';
import { routeAccessPlugin } from './auth/route-access.ts';
import type { AppContext } from './context.ts';
import { fileRoutes } from './files/files.routes.ts';
import { MAX_UPLOAD_BYTES } from './files/uploads.ts';
import { frameworkError, registerErrorHandling } from './http/error-handler.ts';
import { redactUrl } from './http/redact.ts';
import { translate } from './i18n/messages.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { announcementRoutes } from './modules/announcements/announcements.routes.ts';
import { attendanceRoutes } from './modules/attendance/attendance.routes.ts';
import { justificationRoutes } from './modules/attendance/justifications.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import {
  bankQuestionRoutes,
  drawRoutes,
  quizBuilderRoutes,
  subjectBankRoutes,
} from './modules/bank/bank.routes.ts';
import { eventRoutes, myPlanningRoutes } from './modules/calendar/events.routes.ts';
import { calendarFeedRoutes, myCalendarFeedRoutes } from './modules/calendar/feed.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import {
  discussionPostRoutes,
  discussionRoutes,
} from './modules/discussions/discussions.routes.ts';
import {
  evaluationBudgetRoutes,
  evaluationRoutes,
  myEvaluationRoutes,
} from './modules/evaluations/evaluations.routes.ts';
import {
  attemptRoutes,
  examEvaluationRoutes,
  questionRoutes,
} from './modules/exams/exams.routes.ts';
import { gradebookRoutes, myResultRoutes } from './modules/gradebook/gradebook.routes.ts';
import { groupRoutes } from './modules/groups/groups.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { importRoutes } from './modules/imports/imports.routes.ts';
import { institutionRoutes } from './modules/institutions/institutions.routes.ts';
import { learningRoutes } from './modules/learning/learning.routes.ts';
import { chapterRoutes, lessonChapterRoutes } from './modules/lessons/chapters.routes.ts';
import { lessonOrderRoutes, lessonRoutes } from './modules/lessons/lessons.routes.ts';
import {
  annotationRoutes,
  evaluationMarkingRoutes,
  rubricRoutes,
  subjectRubricRoutes,
  submissionAnnotationRoutes,
} from './modules/marking/marking.routes.ts';
import { blockRoutes, conversationRoutes } from './modules/messages/messages.routes.ts';
import { moduleRoutes } from './modules/modules/modules.routes.ts';
import {
  notificationPreferenceRoutes,
  notificationRoutes,
} from './modules/notifications/notifications.routes.ts';
import { programRoutes } from './modules/programs/programs.routes.ts';
import { projectRoutes } from './modules/projects/projects.routes.ts';
import { promotionRoutes } from './modules/promotions/promotions.routes.ts';
import {
  attemptMarkRoutes,
  evaluationResultRoutes,
  resultRoutes,
} from './modules/results/results.routes.ts';
import { episodeRoutes } from './modules/seminars/episodes.routes.ts';
import { publicSeminarRoutes } from './modules/seminars/public.routes.ts';
import { mySeminarRoutes, seminarRoutes } from './modules/seminars/seminars.routes.ts';
import { setupRoutes } from './modules/setup/setup.routes.ts';
import { studentRoutes } from './modules/students/students.routes.ts';
import { subjectRoutes } from './modules/subjects/subjects.routes.ts';
import { teacherRoutes } from './modules/teachers/teachers.routes.ts';
import { trainingRoutes } from './modules/trainings/trainings.routes.ts';
import {
  myTranscriptRoutes,
  studentTranscriptRoutes,
} from './modules/transcripts/transcripts.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { verifyRoutes } from './modules/verify/verify.routes.ts';
import { LiveHub } from './notify/live.ts';

/** Where `vite build` leaves the SPA, seen from src/ in development and from dist/ once bundled. */
function webDist(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

/**
 * Route schemas to OpenAPI, with each path as the web app and generated clients call it: a
 * resource's root route is registered as `/` under its prefix, which Fastify answers both as
 * `/api/students` and `/api/students/`; the document names it without the trailing slash.
 */
const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  return { ...transformed, url: withoutTrailingSlash(transformed.url) };
};

function withoutTrailingSlash(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function loggerOptions(
  ctx: AppContext,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  if (ctx.config.LOG_LEVEL === 'silent') return false;
  return {
    level: ctx.config.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    serializers: {
      // Reset, invitation and step-up tokens travel in paths: the log keeps the route only.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
}

/**
 * Builds the whole HTTP application: plugins, then the API, then the SPA (from `webRoot`, the
 * built web app by default; null serves the API alone). server.ts only listens.
 */
export async function buildApp(
  ctx: AppContext,
  options: { webRoot?: string | null; logStream?: NodeJS.WritableStream } = {},
) {
  const production = ctx.config.NODE_ENV === 'production';
  const app = Fastify({
    logger: loggerOptions(ctx, options.logStream),
    trustProxy: ctx.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  // The live notification streams of this node (decision 200).
  const live = new LiveHub(ctx, app.log);
  app.decorate('live', live);
  app.addHook('onReady', () => live.start());
  app.addHook('preClose', (done) => {
    live.endStreams();
    done();
  });
  app.addHook('onClose', () => live.stop());
  registerErrorHandling(app);
  // An API answer is someone's data (a session's token, a grade, a person): no browser or proxy
  // keeps it unless its route says otherwise (public files, the web's assets).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'private, no-store');
    }
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Style attributes set by React and by the toast library need inline styles; scripts never.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The check-in page's QR scanner decodes in a worker it starts from a blob of its own
        // script (decision 198); only a script already running here can make one.
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        // Chapter videos: the embeds of the YouTube and Vimeo links a chapter may hold.
        frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, parts: 21 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Skolar API',
        description: 'Training and learning management. Errors answer `{ message, errors? }`.',
        version: '1.0.0',
      },
      // Paths start with /api: the server is the site that serves this document, whatever its host.
      servers: [{ url: '/', description: 'The Skolar deployment serving this document' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: '__Host-skolar_session' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: openApiTransform,
  });
  await app.register(authPlugin);
  await app.register(routeAccessPlugin);
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get(
    '/api/openapi.json',
    { schema: { hide: true }, config: { access: { public: 'the API description' } } },
    async () => app.swagger(),
  );
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(setupRoutes, { prefix: '/api/setup' });
  await app.register(accountRoutes, { prefix: '/api/me' });
  await app.register(institutionRoutes, { prefix: '/api/institutions' });
  await app.register(catalogueRoutes, { prefix: '/api/event' });
  await app.register(contactRoutes, { prefix: '/api/auth' });
  await app.register(dashboardRoutes, { prefix: '/api/me' });
  await app.register(learningRoutes, { prefix: '/api/me' });
  await app.register(studentRoutes, { prefix: '/api/students' });
  await app.register(teacherRoutes, { prefix: '/api/teachers' });
  await app.register(promotionRoutes, { prefix: '/api/promotions' });
  await app.register(trainingRoutes, { prefix: '/api/trainings' });
  await app.register(groupRoutes, { prefix: '/api/groups' });
  await app.register(importRoutes, { prefix: '/api/imports' });
  await app.register(fileRoutes, { prefix: '/api/files' });
  await app.register(userRoutes, { prefix: '/api/users' });
  await app.register(auditRoutes, { prefix: '/api/audit' });
  await app.register(programRoutes, { prefix: '/api/programs' });
  await app.register(moduleRoutes, { prefix: '/api/modules' });
  await app.register(lessonRoutes, { prefix: '/api/lessons' });
  await app.register(lessonChapterRoutes, { prefix: '/api/lessons' });
  await app.register(lessonOrderRoutes, { prefix: '/api/subjects' });
  await app.register(chapterRoutes, { prefix: '/api/chapters' });
  await app.register(seminarRoutes, { prefix: '/api/seminars' });
  await app.register(episodeRoutes, { prefix: '/api/episodes' });
  await app.register(mySeminarRoutes, { prefix: '/api/me' });
  await app.register(publicSeminarRoutes, { prefix: '/api/event' });
  await app.register(subjectRoutes, { prefix: '/api/subjects' });
  await app.register(examEvaluationRoutes, { prefix: '/api/evaluations' });
  await app.register(attemptRoutes, { prefix: '/api/attempts' });
  await app.register(questionRoutes, { prefix: '/api/questions' });
  await app.register(subjectBankRoutes, { prefix: '/api/subjects' });
  await app.register(bankQuestionRoutes, { prefix: '/api/bank-questions' });
  await app.register(quizBuilderRoutes, { prefix: '/api/evaluations' });
  await app.register(drawRoutes, { prefix: '/api/question-draws' });
  await app.register(projectRoutes, { prefix: '/api/evaluations' });
  await app.register(evaluationRoutes, { prefix: '/api/evaluations' });
  await app.register(evaluationResultRoutes, { prefix: '/api/evaluations' });
  await app.register(evaluationMarkingRoutes, { prefix: '/api/evaluations' });
  await app.register(subjectRubricRoutes, { prefix: '/api/subjects' });
  await app.register(rubricRoutes, { prefix: '/api/rubrics' });
  await app.register(submissionAnnotationRoutes, { prefix: '/api/submissions' });
  await app.register(annotationRoutes, { prefix: '/api/annotations' });
  await app.register(attemptMarkRoutes, { prefix: '/api/attempts' });
  await app.register(resultRoutes, { prefix: '/api/results' });
  await app.register(evaluationBudgetRoutes, { prefix: '/api/subjects' });
  await app.register(myEvaluationRoutes, { prefix: '/api/me' });
  await app.register(myTranscriptRoutes, { prefix: '/api/me' });
  await app.register(studentTranscriptRoutes, { prefix: '/api/students' });
  await app.register(verifyRoutes, { prefix: '/api/verify' });
  await app.register(myCalendarFeedRoutes, { prefix: '/api/me' });
  await app.register(calendarFeedRoutes, { prefix: '/api/calendar-feeds' });
  await app.register(myResultRoutes, { prefix: '/api/me' });
  await app.register(gradebookRoutes, { prefix: '/api/promotions' });
  await app.register(eventRoutes, { prefix: '/api/events' });
  await app.register(myPlanningRoutes, { prefix: '/api/me' });
  await app.register(attendanceRoutes, { prefix: '/api/attendance' });
  await app.register(justificationRoutes, { prefix: '/api/attendance/justifications' });
  await app.register(notificationRoutes, { prefix: '/api/notifications' });
  await app.register(announcementRoutes, { prefix: '/api/announcements' });
  await app.register(discussionRoutes, { prefix: '/api/discussions' });
  await app.register(discussionPostRoutes, { prefix: '/api/discussion-posts' });
  await app.register(conversationRoutes, { prefix: '/api/conversations' });
  await app.register(blockRoutes, { prefix: '/api/me/blocks' });
  await app.register(notificationPreferenceRoutes, { prefix: '/api/me' });
  if (ctx.config.DEV_ROUTES) await app.register(devRoutes, { prefix: '/api/dev' });

  const dist = options.webRoot === undefined ? webDist() : options.webRoot;
  const serveWeb = dist !== null && existsSync(resolve(dist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      // apps/web/build.mjs writes `.br` and `.gz` beside each asset: served by Accept-Encoding,
      // with `Vary: accept-encoding`, the original otherwise (no compression per request).
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (serveWeb && wantsPage && !path.startsWith('/api/') && path !== '/api') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: translate(request.locale, 'errors.route_not_found') });
  });

  return app;
}
