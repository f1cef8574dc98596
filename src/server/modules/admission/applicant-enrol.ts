import { and, asc, eq, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import type { EnrolApplicant, EnrolmentProposal } from '../../../shared/schemas/students.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { academicSessions, sections } from '../../db/schema/academic.ts'
import { applicants } from '../../db/schema/admission.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { validationFailed } from '../../lib/errors.ts'
import { assertPlacement } from '../students/placement.ts'
import { createStudent, firstCampusId, nextRoll } from '../students/student-create.ts'
import { fieldsOf, type ApplicantRow } from './applicant-read.ts'
import { findForm, type FormRow } from './form-read.ts'

/*
 * Enrolling an accepted applicant: the sections (and rolls) proposed for the form's class, and
 * the student made from the application.
 */

/** The class's sections in the form's session, each with its next free roll. */
export async function proposalFor(
  tx: Db,
  instituteId: string,
  form: FormRow,
): Promise<EnrolmentProposal> {
  const placement = { academicSessionId: form.academicSessionId, classId: form.classId }
  const rows = await tx
    .select({
      id: sections.id,
      name: sections.name,
      capacity: sections.capacity,
      // Written out: the builder leaves column names unqualified inside raw SQL.
      taken: sql<number>`(select count(*)::int from enrolments e where e.section_id = "sections"."id")`,
    })
    .from(sections)
    .where(
      and(
        eq(sections.instituteId, instituteId),
        eq(sections.academicSessionId, form.academicSessionId),
        eq(sections.classId, form.classId),
        eq(sections.active, true),
      ),
    )
    .orderBy(asc(sections.position), asc(sections.name))
  const withRolls = []
  for (const section of rows) {
    withRolls.push({
      ...section,
      nextRoll: await nextRoll(tx, instituteId, { ...placement, sectionId: section.id }),
    })
  }
  return {
    academicSession: form.academicSession,
    className: form.className,
    groupName: form.groupName,
    sections: withRolls,
    nextRoll: await nextRoll(tx, instituteId, { ...placement, sectionId: null }),
  }
}

/**
 * Makes the accepted applicant a student in the form's session, class and group, in the section
 * chosen (needed when the class has sections in the session) with the roll given or the next
 * free one, numbered within the session's first year.
 */
export const enrol =
  (body: EnrolApplicant) => async (c: Context<AppEnv>, tx: Db, row: ApplicantRow) => {
    const instituteId = c.var.auth.instituteId
    const form = (await findForm(tx, instituteId, row.formId))!
    if (!body.sectionId) {
      const [section] = await tx
        .select({ id: sections.id })
        .from(sections)
        .where(
          and(
            eq(sections.instituteId, instituteId),
            eq(sections.academicSessionId, form.academicSessionId),
            eq(sections.classId, form.classId),
          ),
        )
        .limit(1)
      if (section) throw validationFailed({ sectionId: 'section_required' })
    }
    const placement = {
      academicSessionId: form.academicSessionId,
      classId: form.classId,
      groupId: form.groupId,
      sectionId: body.sectionId,
      shiftId: body.shiftId,
      roll: body.roll,
    }
    await assertPlacement(tx, instituteId, {
      ...placement,
      ...(body.campusId ? { campusId: body.campusId } : {}),
    })
    const [session] = await tx
      .select({ startsOn: academicSessions.startsOn })
      .from(academicSessions)
      .where(eq(academicSessions.id, form.academicSessionId))
    const fields = fieldsOf(row)
    const student = await createStudent(
      tx,
      instituteId,
      {
        studentCode: '',
        fullName: row.applicantName,
        dateOfBirth: row.dateOfBirth ?? fields.dateOfBirth,
        gender: fields.gender,
        religion: '',
        bloodGroup: '',
        fatherName: fields.fatherName,
        motherName: fields.motherName,
        guardianName: fields.guardianName,
        guardianRelation: '',
        guardianPhone: row.phone,
        guardianEmail: row.email,
        address: fields.address,
        campusId: body.campusId ?? (await firstCampusId(tx, instituteId)),
        applicantId: row.id,
      },
      placement,
      Number(session!.startsOn.slice(0, 4)),
    )
    await tx
      .update(applicants)
      .set({ status: 'enrolled', studentId: student.id, updatedAt: new Date() })
      .where(rowKey(applicants, row.instituteId, row.id))
    return {
      studentId: student.id,
      studentCode: student.studentCode,
      sectionId: body.sectionId,
      roll: student.roll,
    }
  }
