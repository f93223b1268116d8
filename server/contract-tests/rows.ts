import type { AxiosResponse } from 'axios';
import type { UserOut } from 'mealie-typescript';
import type { ApiName, Clients, MethodName, OperationId } from './client.js';
import type { ContractServer } from './server.js';

/** A signed-in user and the clients that send their token. */
export interface Session {
  user: UserOut;
  password: string;
  clients: Clients;
}

export interface NewUserOptions {
  admin?: boolean;
  group?: string;
  household?: string;
  canInvite?: boolean;
  canManage?: boolean;
  canManageHousehold?: boolean;
  canOrganize?: boolean;
}

/** What every row can use: the server, anonymous clients, the default admin, a plain member, fixtures. */
export interface World {
  server: ContractServer;
  anon: Clients;
  admin: Session;
  member: Session;
  /** A new user created by the admin through the client, signed in through the client. */
  newUser(options?: NewUserOptions): Promise<Session>;
  /** A small PNG, for the upload operations. */
  png: Buffer;
}

type Operation<A extends ApiName, M extends MethodName<A>> = Clients[A][M];
type Args<A extends ApiName, M extends MethodName<A>> = Operation<A, M> extends (...args: infer P) => unknown ? P : never;
type Body<A extends ApiName, M extends MethodName<A>> = Operation<A, M> extends (...args: never[]) => Promise<AxiosResponse<infer T>> ? T : never;

export type Caller = 'anon' | 'admin' | 'member';

/** One call of one client operation, the status it must answer, and optional extra checks. */
export interface ContractRow {
  id: OperationId;
  title: string;
  status: number;
  run(world: World): Promise<{ response: AxiosResponse<unknown>; check(): Promise<void> }>;
}

export interface RowSpec<A extends ApiName, M extends MethodName<A>, S> {
  /** Who calls: a fixed caller, or clients picked from what `setup` made (e.g. a brand-new user). */
  as?: Caller | ((state: S, world: World) => Clients);
  status: number;
  /** Says what is special about this call when one operation has several rows. */
  title?: string;
  setup?: (world: World) => Promise<S>;
  args: (world: World, state: S) => Args<A, M> | Promise<Args<A, M>>;
  /** Assertions beyond the schema, for facts the schema cannot see (or for operations that declare no body type). */
  check?: (body: Body<A, M>, world: World, state: S) => void | Promise<void>;
}

/**
 * Rows of `api.method`, called through the client; each body is validated against the type the client
 * declares for the operation. Two steps (`op(...).row({...})`) so that the argument tuple is typed from
 * the operation before the row is read.
 */
export function op<A extends ApiName, M extends MethodName<A>>(api: A, method: M) {
  return { row: <S = undefined>(spec: RowSpec<A, M, S>) => makeRow(api, method, spec) };
}

function makeRow<A extends ApiName, M extends MethodName<A>, S>(api: A, method: M, spec: RowSpec<A, M, S>): ContractRow {
  const caller = spec.as ?? 'admin';
  const callerName = typeof caller === 'string' ? caller : 'a new user';
  return {
    id: `${api}.${method}` as OperationId,
    title: `${api}.${method} as ${callerName}${spec.title ? ` (${spec.title})` : ''} -> ${spec.status}`,
    status: spec.status,
    async run(world) {
      const state = (spec.setup ? await spec.setup(world) : undefined) as S;
      const clients = typeof caller === 'string' ? (caller === 'anon' ? world.anon : world[caller].clients) : caller(state, world);
      const args = await spec.args(world, state);
      // The generated classes bind `this`; indexing them by a generic name loses the call signature.
      const target = clients[api] as unknown as Record<string, (...a: unknown[]) => Promise<AxiosResponse<unknown>>>;
      const response = await target[method](...args);
      return {
        response,
        check: async () => {
          if (spec.check) await spec.check(response.data as Body<A, M>, world, state);
        },
      };
    },
  };
}
