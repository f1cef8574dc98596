import * as v from 'valibot'
import { isoDate } from './dates.ts'
import { id, text } from './primitives.ts'

/** The lists of the academic structure, as the API and the screen name them. */
export const structureLists = ['session', 'class', 'group', 'section', 'shift'] as const
export type StructureList = (typeof structureLists)[number]

const name = text(60, 'name_required')
const capacity = v.nullable(
  v.pipe(
    v.number('capacity_positive'),
    v.integer('capacity_positive'),
    v.minValue(1, 'capacity_positive'),
    v.maxValue(10_000, 'must_be_at_most'),
  ),
)
/** The end after the start, reported on the end; either may be missing from a change. */
const endsAfterStart = ({ startsOn, endsOn }: { startsOn?: string; endsOn?: string }) =>
  !startsOn || !endsOn || endsOn > startsOn

/** What every list's item has: a name, whether it is offered, and its place in the list. */
const ItemSchema = v.object({
  id: v.string(),
  name: v.string(),
  active: v.boolean(),
  position: v.number(),
})

export const AcademicSessionSchema = v.object({
  ...ItemSchema.entries,
  startsOn: v.string(),
  endsOn: v.string(),
  isCurrent: v.boolean(),
})
export type AcademicSession = v.InferOutput<typeof AcademicSessionSchema>

const sessionEntries = { name, startsOn: isoDate, endsOn: isoDate, isCurrent: v.boolean() }
export const AcademicSessionInputSchema = v.pipe(
  v.object({
    ...sessionEntries,
    isCurrent: v.optional(v.boolean(), false),
    active: v.optional(v.boolean(), true),
  }),
  v.forward(v.partialCheck([['startsOn'], ['endsOn']], endsAfterStart, 'end_before_start'), [
    'endsOn',
  ]),
)
export type AcademicSessionInput = v.InferInput<typeof AcademicSessionInputSchema>
/** A change to some of a session's fields; the dates are checked together with the stored ones. */
export const AcademicSessionPatchSchema = v.pipe(
  v.partial(v.object({ ...sessionEntries, active: v.boolean() })),
  v.forward(v.partialCheck([['startsOn'], ['endsOn']], endsAfterStart, 'end_before_start'), [
    'endsOn',
  ]),
)
export type AcademicSessionPatch = v.InferInput<typeof AcademicSessionPatchSchema>

export const ClassSchema = ItemSchema
export type SchoolClass = v.InferOutput<typeof ClassSchema>
export const ClassInputSchema = v.object({ name, active: v.optional(v.boolean(), true) })
export type ClassInput = v.InferInput<typeof ClassInputSchema>
export const ClassPatchSchema = v.partial(v.object({ name, active: v.boolean() }))
export type ClassPatch = v.InferInput<typeof ClassPatchSchema>

/** A group; `classIds` empty means it is offered to every class. */
export const GroupSchema = v.object({ ...ItemSchema.entries, classIds: v.array(v.string()) })
export type Group = v.InferOutput<typeof GroupSchema>
const classIds = v.pipe(v.array(id), v.maxLength(100, 'too_big'))
export const GroupInputSchema = v.object({
  name,
  active: v.optional(v.boolean(), true),
  classIds: v.optional(classIds, []),
})
export type GroupInput = v.InferInput<typeof GroupInputSchema>
export const GroupPatchSchema = v.partial(v.object({ name, active: v.boolean(), classIds }))
export type GroupPatch = v.InferInput<typeof GroupPatchSchema>

export const SectionSchema = v.object({
  ...ItemSchema.entries,
  academicSessionId: v.string(),
  classId: v.string(),
  capacity: v.nullable(v.number()),
})
export type Section = v.InferOutput<typeof SectionSchema>
export const SectionInputSchema = v.object({
  academicSessionId: id,
  classId: id,
  name,
  capacity: v.optional(capacity, null),
  active: v.optional(v.boolean(), true),
})
export type SectionInput = v.InferInput<typeof SectionInputSchema>
/** A section stays in its session and class: only its own fields change. */
export const SectionPatchSchema = v.partial(v.object({ name, capacity, active: v.boolean() }))
export type SectionPatch = v.InferInput<typeof SectionPatchSchema>
/** `?academicSessionId=&classId=`: the sections of one session, of one class, or both. */
export const SectionListQuerySchema = v.object({
  academicSessionId: v.optional(id),
  classId: v.optional(id),
})

export const ShiftSchema = ItemSchema
export type Shift = v.InferOutput<typeof ShiftSchema>
export const ShiftInputSchema = ClassInputSchema
export const ShiftPatchSchema = ClassPatchSchema

/**
 * A list's new order: every id of the list (for sections, of one session and class), first
 * to last. A list changed meanwhile is refused rather than half reordered.
 */
export const StructureOrderSchema = v.object({
  ids: v.pipe(v.array(id), v.minLength(1, 'too_short'), v.maxLength(500, 'too_big')),
})
