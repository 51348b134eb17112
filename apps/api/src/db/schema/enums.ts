import { ROLES } from '@skolar/shared';
import { pgEnum } from 'drizzle-orm/pg-core';

export const roleEnum = pgEnum('role', ROLES);
export const institutionKindEnum = pgEnum('institution_kind', ['university', 'school', 'society']);
export const visibilityEnum = pgEnum('visibility', ['public', 'private']);
export const evaluationTypeEnum = pgEnum('evaluation_type', ['exam', 'project']);
export const genderEnum = pgEnum('gender', ['Mr', 'Mme']);
export const localeEnum = pgEnum('locale', ['fr', 'en', 'de']);
export const themeEnum = pgEnum('theme', ['light', 'dark']);
export const attemptFinishedByEnum = pgEnum('attempt_finished_by', [
  'student',
  'timeout',
  'teacher',
]);
export const questionKindEnum = pgEnum('question_kind', [
  'single',
  'multiple',
  'short',
  'numerical',
  'matching',
  'long',
  'description',
]);
export const resourceKindEnum = pgEnum('resource_kind', ['file', 'link']);
export const eventAudienceEnum = pgEnum('event_audience', [
  'personal',
  'promotion',
  'group',
  'institution',
]);
export const contactNeedEnum = pgEnum('contact_need', ['demo', 'contact', 'support']);
export const tokenPurposeEnum = pgEnum('token_purpose', [
  'verify_email',
  'reset_password',
  'step_up',
  'mfa_challenge',
  'mfa_enrolment',
  // A notification mail's unsubscribe link (decision 200); `target` is the type it stops.
  'unsubscribe',
]);
export const mailStatusEnum = pgEnum('mail_status', ['pending', 'sending', 'sent', 'failed']);
export const fileKindEnum = pgEnum('file_kind', [
  'user/picture',
  'formation/cover',
  'seminar/syllabus',
  'evaluation/document',
  'evaluation/correction',
  'submission',
  'resource',
  'institution/logo',
  'chapter/image',
  'attendance/justification',
  'discussion/attachment',
]);

export type InstitutionKind = (typeof institutionKindEnum.enumValues)[number];
export type Visibility = (typeof visibilityEnum.enumValues)[number];
export type EvaluationType = (typeof evaluationTypeEnum.enumValues)[number];
export type Gender = (typeof genderEnum.enumValues)[number];
export type Locale = (typeof localeEnum.enumValues)[number];
export type Theme = (typeof themeEnum.enumValues)[number];
export type AttemptFinishedBy = (typeof attemptFinishedByEnum.enumValues)[number];
export type QuestionKind = (typeof questionKindEnum.enumValues)[number];
export type ResourceKind = (typeof resourceKindEnum.enumValues)[number];
export type EventAudience = (typeof eventAudienceEnum.enumValues)[number];
export type ContactNeed = (typeof contactNeedEnum.enumValues)[number];
export type TokenPurpose = (typeof tokenPurposeEnum.enumValues)[number];
export type MailStatus = (typeof mailStatusEnum.enumValues)[number];
export type FileKind = (typeof fileKindEnum.enumValues)[number];
