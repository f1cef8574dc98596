import type { MappingPurpose } from '../../../shared/schemas/accounting.ts'
import type { AccountType } from '../../../shared/schemas/accounting-queries.ts'
import type { Db } from '../../db/client.ts'
import { accounts, coaMappings, coaSettings } from '../../db/schema/accounting.ts'

interface Node {
  code: string
  name: string
  /** The purposes this (leaf) account serves from the start, with their key if any. */
  maps?: [MappingPurpose, string?][]
  children?: Node[]
}

export const defaultLevelDigits = [1, 2, 2, 2, 3]
/** July to June, the school and fiscal year in Bangladesh; institutes change it. */
export const defaultFiscalYearStartMonth = 7

/** A school's chart: the accounts the fee, collection and salary modules post to. */
const chart: Record<AccountType, Node> = {
  asset: {
    code: '1',
    name: 'Assets',
    children: [
      {
        code: '101',
        name: 'Current assets',
        children: [
          {
            code: '10101',
            name: 'Cash and bank',
            children: [
              {
                code: '1010101',
                name: 'Cash',
                children: [{ code: '1010101001', name: 'Cash in hand', maps: [['cash']] }],
              },
              {
                code: '1010102',
                name: 'Bank accounts',
                children: [
                  {
                    code: '1010102001',
                    name: 'Main bank account',
                    maps: [['bank', 'Main bank account']],
                  },
                ],
              },
              {
                code: '1010103',
                name: 'Payment gateways',
                children: [
                  { code: '1010103001', name: 'Gateway clearing', maps: [['gateway_clearing']] },
                ],
              },
            ],
          },
          {
            code: '10102',
            name: 'Receivables',
            children: [
              {
                code: '1010201',
                name: 'Student receivables',
                children: [
                  { code: '1010201001', name: 'Fee receivable', maps: [['fee_receivable']] },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  liability: {
    code: '2',
    name: 'Liabilities',
    children: [
      {
        code: '201',
        name: 'Current liabilities',
        children: [
          {
            code: '20101',
            name: 'Student liabilities',
            children: [
              {
                code: '2010101',
                name: 'Advances',
                children: [
                  { code: '2010101001', name: 'Student advances', maps: [['student_advance']] },
                ],
              },
            ],
          },
          {
            code: '20102',
            name: 'Taxes',
            children: [
              {
                code: '2010201',
                name: 'VAT',
                children: [{ code: '2010201001', name: 'VAT payable', maps: [['vat_payable']] }],
              },
            ],
          },
          {
            code: '20104',
            name: 'Payment platform',
            children: [
              {
                code: '2010401',
                name: 'Franchise',
                children: [
                  {
                    code: '2010401001',
                    name: 'Franchise fees payable',
                    maps: [['franchise_payable']],
                  },
                ],
              },
            ],
          },
          {
            code: '20103',
            name: 'Staff',
            children: [
              {
                code: '2010301',
                name: 'Salaries',
                children: [
                  { code: '2010301001', name: 'Salary payable', maps: [['salary_payable']] },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  equity: {
    code: '3',
    name: 'Equity',
    children: [
      {
        code: '301',
        name: 'Capital fund',
        children: [
          {
            code: '30101',
            name: 'Accumulated fund',
            children: [
              {
                code: '3010101',
                name: 'Accumulated fund',
                children: [{ code: '3010101001', name: 'Opening balance equity' }],
              },
            ],
          },
        ],
      },
    ],
  },
  income: {
    code: '4',
    name: 'Income',
    children: [
      {
        code: '401',
        name: 'Fee income',
        children: [
          {
            code: '40101',
            name: 'Academic fees',
            children: [
              {
                code: '4010101',
                name: 'Tuition',
                children: [{ code: '4010101001', name: 'Tuition fee income' }],
              },
              {
                code: '4010102',
                name: 'Other fees',
                children: [
                  {
                    code: '4010102001',
                    name: 'Admission fee income',
                    maps: [['admission_fee_income']],
                  },
                  { code: '4010102002', name: 'Exam fee income' },
                  {
                    code: '4010102003',
                    name: 'Online payment surcharges',
                    maps: [['online_charge_income']],
                  },
                ],
              },
            ],
          },
          {
            code: '40102',
            name: 'Fines and concessions',
            children: [
              {
                code: '4010201',
                name: 'Fines',
                children: [{ code: '4010201001', name: 'Fine income', maps: [['fine_income']] }],
              },
              {
                code: '4010202',
                name: 'Concessions',
                children: [
                  {
                    code: '4010202001',
                    name: 'Fee concessions (contra-income)',
                    maps: [['concession']],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  expense: {
    code: '5',
    name: 'Expenses',
    children: [
      {
        code: '501',
        name: 'Operating expenses',
        children: [
          {
            code: '50101',
            name: 'Staff costs',
            children: [
              {
                code: '5010101',
                name: 'Salaries',
                children: [
                  { code: '5010101001', name: 'Salary expense', maps: [['salary_expense']] },
                ],
              },
            ],
          },
          {
            code: '50102',
            name: 'Other expenses',
            children: [
              {
                code: '5010201',
                name: 'Bank and gateway charges',
                children: [
                  {
                    code: '5010201001',
                    name: 'Gateway charges',
                    maps: [['gateway_charge_expense']],
                  },
                  { code: '5010201002', name: 'Franchise fees', maps: [['franchise_expense']] },
                ],
              },
              {
                code: '5010202',
                name: 'Cash differences',
                children: [
                  {
                    code: '5010202001',
                    name: 'Cash over and short',
                    maps: [['cash_over_short']],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
}

/** The school chart, its settings and the default purpose mappings for a new institute. */
export async function createDefaultChart(db: Db, instituteId: string) {
  await db.insert(coaSettings).values({
    instituteId,
    levelDigits: defaultLevelDigits,
    fiscalYearStartMonth: defaultFiscalYearStartMonth,
  })
  const insert = async (
    node: Node,
    accountType: AccountType,
    level: number,
    parentId: string | null,
  ) => {
    const [row] = await db
      .insert(accounts)
      .values({ instituteId, parentId, level, accountType, glCode: node.code, name: node.name })
      .returning({ id: accounts.id })
    for (const [purpose, key] of node.maps ?? []) {
      await db
        .insert(coaMappings)
        .values({ instituteId, purpose, key: key ?? '', accountId: row!.id })
    }
    for (const child of node.children ?? []) await insert(child, accountType, level + 1, row!.id)
  }
  for (const [type, root] of Object.entries(chart) as [AccountType, Node][]) {
    await insert(root, type, 1, null)
  }
}
