import { describe, expect, it } from 'vitest'
import { emptyDraft, scopeOf, toggled } from './group-invoice-scope.ts'

describe('group invoice scope', () => {
  const draft = {
    ...emptyDraft('cycle'),
    periodIds: ['p1'],
    feeHeadIds: ['h1'],
    campusId: 'campus',
    classIds: ['c1'],
    sectionIds: ['s1'],
    groupIds: ['g1'],
    students: [{ id: 'st1', label: 'Rahim (20260001, One)' }],
  }

  it('sends the classes, sections, groups and campus chosen, and no listed student', () => {
    expect(scopeOf('session', draft)).toEqual({
      academicSessionId: 'session',
      periodIds: ['p1'],
      feeHeadIds: ['h1'],
      campusId: 'campus',
      classIds: ['c1'],
      sectionIds: ['s1'],
      groupIds: ['g1'],
      studentIds: [],
    })
  })

  it('sends only the listed students when the students are listed', () => {
    expect(scopeOf('session', { ...draft, kind: 'students' })).toMatchObject({
      campusId: null,
      classIds: [],
      sectionIds: [],
      groupIds: [],
      studentIds: ['st1'],
    })
  })

  it('adds an id once and takes it out', () => {
    expect(toggled(['a'], 'a', true)).toEqual(['a'])
    expect(toggled(['a'], 'b', true)).toEqual(['a', 'b'])
    expect(toggled(['a', 'b'], 'a', false)).toEqual(['b'])
  })
})
