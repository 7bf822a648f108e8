/**
 * @module test/support/test-ca
 * A throwaway certificate authority and a server certificate it issued for 127.0.0.1 and
 * localhost, made with the openssl command, for servers under test that speak TLS.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The files (and the CA's PEM) of a test CA and its server certificate. */
export interface TestCertificates {
  readonly caFile: string;
  readonly caPem: string;
  readonly certFile: string;
  readonly keyFile: string;
}

const openssl = (args: readonly string[]): void => {
  execFileSync('openssl', args, { stdio: 'ignore' });
};

/** Makes a CA and a server certificate (EC P-256, valid two days) in `directory`. */
export const makeTestCertificates = (directory: string, commonName = 'localhost'): TestCertificates => {
  const file = (name: string): string => join(directory, name);
  openssl([
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-subj',
    '/CN=idconf test CA',
    '-days',
    '2',
  ]);
  openssl([
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
    '-subj',
    `/CN=${commonName}`,
  ]);
  writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  openssl([
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('server.pem'),
    '-days',
    '2',
    '-extfile',
    file('server.ext'),
  ]);
  return {
    caFile: file('ca.pem'),
    caPem: readFileSync(file('ca.pem'), 'utf8'),
    certFile: file('server.pem'),
    keyFile: file('server.key'),
  };
};
