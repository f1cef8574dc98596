import {
  importColumns,
  requiredImportColumns,
  type ImportColumn,
} from '../../../shared/schemas/student-imports.ts'
import { fileRefusal } from './import-file.ts'

/** The template's headings (English); the first of each column's names below. */
export const templateHeadings: Record<ImportColumn, string> = {
  studentCode: 'Student ID',
  fullName: 'Full name',
  dateOfBirth: 'Date of birth',
  gender: 'Gender',
  religion: 'Religion',
  bloodGroup: 'Blood group',
  fatherName: "Father's name",
  motherName: "Mother's name",
  guardianName: 'Guardian name',
  guardianRelation: 'Guardian relation',
  guardianPhone: 'Guardian phone',
  guardianEmail: 'Guardian email',
  address: 'Address',
  campus: 'Campus',
  session: 'Session',
  class: 'Class',
  group: 'Group',
  section: 'Section',
  shift: 'Shift',
  roll: 'Roll',
}

/** Other headings each column goes by: English variants, German, French and Portuguese. */
const otherNames: Record<ImportColumn, string[]> = {
  studentCode: [
    'ID',
    'Student code',
    'Student number',
    'Schüler-ID',
    'Schülernummer',
    'Identifiant élève',
    'Numéro élève',
    'ID do aluno',
    'Número do aluno',
    'Matrícula',
  ],
  fullName: [
    'Name',
    'Student name',
    'Student',
    'Vollständiger Name',
    'Nom complet',
    'Nom',
    'Nome completo',
    'Nome',
  ],
  dateOfBirth: ['Birth date', 'DOB', 'Geburtsdatum', 'Date de naissance', 'Data de nascimento'],
  gender: ['Sex', 'Geschlecht', 'Sexe', 'Genre', 'Gênero', 'Género', 'Sexo'],
  religion: ['Religion', 'Religião'],
  bloodGroup: ['Blutgruppe', 'Groupe sanguin', 'Grupo sanguíneo', 'Tipo sanguíneo'],
  fatherName: ['Father', 'Vater', 'Name des Vaters', 'Père', 'Nom du père', 'Pai', 'Nome do pai'],
  motherName: [
    'Mother',
    'Mutter',
    'Name der Mutter',
    'Mère',
    'Nom de la mère',
    'Mãe',
    'Nome da mãe',
  ],
  guardianName: [
    'Guardian',
    'Erziehungsberechtigter',
    'Name des Erziehungsberechtigten',
    'Tuteur',
    'Nom du tuteur',
    'Responsável',
    'Nome do responsável',
  ],
  guardianRelation: [
    'Relation',
    'Relationship',
    'Beziehung',
    'Lien de parenté',
    'Relation du tuteur',
    'Parentesco',
  ],
  guardianPhone: [
    'Phone',
    'Mobile',
    'Telefon',
    'Telefon des Erziehungsberechtigten',
    'Téléphone',
    'Téléphone du tuteur',
    'Telefone',
    'Telefone do responsável',
  ],
  guardianEmail: [
    'Email',
    'E-Mail',
    'E-Mail des Erziehungsberechtigten',
    'Courriel',
    'E-mail du tuteur',
    'E-mail do responsável',
  ],
  address: ['Adresse', 'Endereço', 'Morada'],
  campus: ['Campus code', 'Standort', 'Site', 'Unidade'],
  session: [
    'Academic session',
    'Academic year',
    'Schuljahr',
    'Année scolaire',
    'Ano letivo',
    'Sessão',
  ],
  class: ['Klasse', 'Classe', 'Turma', 'Série'],
  group: ['Gruppe', 'Zweig', 'Groupe', 'Filière', 'Grupo'],
  section: ['Abschnitt', 'Klassenzug', 'Seção', 'Secção'],
  shift: ['Schicht', 'Équipe', 'Turno'],
  roll: ['Roll number', 'Roll no', 'Rollennummer', 'Nummer', 'Numéro', "Numéro d'ordre", 'Número'],
}

/** A heading as compared: lower case, without accents, spaces or punctuation. */
const normal = (heading: string) =>
  heading
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')

const columnByHeading = new Map<string, ImportColumn>(
  importColumns.flatMap((column) =>
    [column, templateHeadings[column], ...otherNames[column]].map((name) => [normal(name), column]),
  ),
)

/**
 * The column each heading names, in file order (null for a blank heading over an empty
 * column). Refuses unknown headings, a column named twice and missing required columns.
 */
export function columnsOf(headers: string[]): (ImportColumn | null)[] {
  const columns = headers.map((h) => (h.trim() ? (columnByHeading.get(normal(h)) ?? h) : null))
  const unknown = headers.filter((h, i) => columns[i] === h)
  if (unknown.length) throw fileRefusal('import_unknown_columns', { columns: unknown.join(', ') })
  const known = columns as (ImportColumn | null)[]
  const twice = known.find((c, i) => c && known.indexOf(c) !== i)
  if (twice) throw fileRefusal('import_duplicate_column', { column: templateHeadings[twice] })
  const missing = requiredImportColumns.filter((c) => !known.includes(c))
  if (missing.length) {
    throw fileRefusal('import_missing_columns', {
      columns: missing.map((c) => templateHeadings[c]).join(', '),
    })
  }
  return known
}
