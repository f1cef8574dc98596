import type { GatewayId } from '../../../../shared/schemas/payments.ts'
import type { GatewayAdapter } from './gateway.ts'
import { sandboxGateway } from './sandbox.ts'
import { sslcommerzGateway } from './sslcommerz.ts'

const adapters: Record<GatewayId, GatewayAdapter | undefined> = {
  sandbox: sandboxGateway,
  sslcommerz: sslcommerzGateway(),
}

/** The gateways this build speaks. */
export const gateways = (): GatewayAdapter[] =>
  Object.values(adapters).filter((a): a is GatewayAdapter => a !== undefined)

export function gatewayAdapter(id: GatewayId): GatewayAdapter {
  const adapter = adapters[id]
  if (!adapter) throw new Error(`no adapter for gateway ${id}`)
  return adapter
}
