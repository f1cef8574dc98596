/**
 * `npm run seed:large -- --students 50000 [--data-dir DIR]`: fills a data dir (default DATA_DIR
 * or ./data; DATABASE_URL for a PostgreSQL server) with the demo institute, when it is empty,
 * and a large institute for benchmarks (src/server/seeds/large-institute.ts). Run it while no
 * server uses the data dir.
 */
import { parseArgs } from 'node:util'
import { openDatabase } from '../db/client.ts'
import { largeInstitute, seedLargeInstitute } from '../seeds/large-institute.ts'
import { seedDemo } from '../seeds/seed.ts'

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '50000' },
    'data-dir': { type: 'string' },
  },
})
const students = Number(values.students)
if (!Number.isInteger(students) || students < 24 || students > 1_000_000) {
  console.error('--students takes a whole number from 24 to 1,000,000')
  process.exit(1)
}
const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? './data'
const database = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL })
try {
  await database.migrate()
  const demo = await seedDemo(database.db, process.env.ADMIN_PASSWORD)
  if (demo.created) {
    console.log(
      `Demo institute created; sign in as "${demo.username}" with password: ${demo.password}`,
    )
  }
  const started = performance.now()
  const made = await seedLargeInstitute(database.db, { students })
  if (!made) {
    console.log(`"${largeInstitute.slug}" is there already: nothing added.`)
  } else {
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(
      `"${largeInstitute.name}" (${largeInstitute.slug}): ${made.students.toLocaleString('en')} students, ` +
        `${made.enrolments.toLocaleString('en')} enrolments, ${made.families.toLocaleString('en')} families ` +
        `in ${seconds} s. Platform administrators open it with the institute picker.`,
    )
  }
} finally {
  await database.close()
}
