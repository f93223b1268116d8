import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const SLAPD = '/usr/sbin/slapd';
export const HAS_SLAPD = fs.existsSync(SLAPD) && fs.existsSync('/etc/ldap/schema/inetorgperson.schema');
export const MISSING_SLAPD = HAS_SLAPD ? '' : ' (skipped: Debian\'s slapd is not installed — apt-get install slapd; .ci/run does)';

export const BASE_DN = 'dc=hearth,dc=test';
export const QUERY_BIND = `cn=reader,${BASE_DN}`;
export const QUERY_PASSWORD = 'reader-secret';

export interface DirectoryPerson {
  uid: string;
  mail: string;
  name: string;
  password: string;
  /** Members of cn=cooks (LDAP_USER_FILTER) and cn=admins (LDAP_ADMIN_FILTER). */
  groups: Array<'cooks' | 'admins'>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function ldif(people: DirectoryPerson[]): string {
  const entries = [
    `dn: ${BASE_DN}\nobjectClass: dcObject\nobjectClass: organization\ndc: hearth\no: Hearth test`,
    `dn: ou=people,${BASE_DN}\nobjectClass: organizationalUnit\nou: people`,
    `dn: ${QUERY_BIND}\nobjectClass: organizationalRole\nobjectClass: simpleSecurityObject\ncn: reader\nuserPassword: ${QUERY_PASSWORD}`,
    ...people.map(
      (p) =>
        `dn: uid=${p.uid},ou=people,${BASE_DN}\nobjectClass: inetOrgPerson\nuid: ${p.uid}\ncn: ${p.name}\nsn: ${p.name.split(' ').pop()}\n` +
        `displayName: ${p.name}\nmail: ${p.mail}\nuserPassword: ${p.password}` +
        p.groups.map((g) => `\nbusinessCategory: ${g}`).join(''),
    ),
  ];
  return `${entries.join('\n\n')}\n`;
}

/**
 * Debian's slapd on a free port of 127.0.0.1 with a small directory: people under ou=people, a query
 * account that may search, and membership written as businessCategory so that filters such as
 * (businessCategory=admins) stand for "in the admins group" without the memberOf overlay.
 */
export async function startSlapd(people: DirectoryPerson[]): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-slapd-'));
  fs.mkdirSync(path.join(dir, 'db'));
  const conf = path.join(dir, 'slapd.conf');
  fs.writeFileSync(
    conf,
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${path.join(dir, 'slapd.pid')}`,
      'database mdb',
      'maxsize 10485760',
      `suffix "${BASE_DN}"`,
      `rootdn "cn=admin,${BASE_DN}"`,
      'rootpw admin-secret',
      `directory ${path.join(dir, 'db')}`,
      'access to attrs=userPassword by self read by anonymous auth by * none',
      `access to * by dn.exact="${QUERY_BIND}" read by self read by * none`,
      '',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(dir, 'data.ldif'), ldif(people));
  const loaded = spawnSync('/usr/sbin/slapadd', ['-f', conf, '-l', path.join(dir, 'data.ldif')], { encoding: 'utf8' });
  if (loaded.status !== 0) throw new Error(`slapadd failed: ${loaded.stderr}`);

  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(SLAPD, ['-f', conf, '-h', `${url}/`, '-d', '0'], { stdio: 'ignore' });
  // Ready when the port accepts connections.
  for (let attempt = 0; ; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) break;
    if (attempt > 100 || child.exitCode !== null) throw new Error('slapd did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
