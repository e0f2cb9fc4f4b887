// KeyringVault against the real Secret Service. Run through scripts/with-keyring.sh, which starts a private
// D-Bus session with an unlocked gnome-keyring and sets SUPPORT_CONSOLE_SECRET_SERVICE=available.
// Without it this suite fails (never skips): a keychain that was not tested is not known to work.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { KeyringVault } from '../../../electron/core/keyring-vault.js';
import { vaultAccount } from '../../../electron/core/vault.js';

const available = process.env.SUPPORT_CONSOLE_SECRET_SERVICE === 'available';
const service = `Support Console test ${process.pid}`;

describe('KeyringVault (real Secret Service)', () => {
  it('runs inside scripts/with-keyring.sh', () => {
    expect(
      available,
      'No Secret Service for this test: run it as `bash scripts/with-keyring.sh npx vitest run test/electron/keychain.test.ts`',
    ).toBe(true);
  });

  it('probes by writing, reading and deleting an entry', async () => {
    expect(available, 'run through scripts/with-keyring.sh').toBe(true);
    expect(await new KeyringVault(service).probe()).toEqual({ available: true });
  });

  it('stores, reads and deletes one JSON secret per account', async () => {
    expect(available, 'run through scripts/with-keyring.sh').toBe(true);
    const vault = new KeyringVault(service);
    const a = vaultAccount('http://127.0.0.1:8470', '1');
    const b = vaultAccount('http://127.0.0.1:8471', '1');
    const creds = { consumerSecret: 'cs', token: 'tok', tokenSecret: 'ts "quoted" ü' };
    await vault.write(a, creds);
    await vault.write(b, { ...creds, token: 'other' });
    expect(await vault.read(a)).toEqual(creds);
    expect((await vault.read(b))?.token).toBe('other');
    await vault.write(a, { ...creds, token: 'replaced' });
    expect((await vault.read(a))?.token).toBe('replaced');
    expect(await vault.remove(a)).toBe(true);
    expect(await vault.read(a)).toBeNull();
    expect(await vault.remove(a)).toBe(false);
    expect(await vault.remove(b)).toBe(true);
  });

  // The library keeps its D-Bus connection for the process, so the absent Secret Service is shown in a child
  // process with no session bus. Pinned to secret-service, the probe must fail there rather than fall
  // back to the kernel keyutils store (which forgets everything at reboot).
  it('reports no keychain plainly, without falling back to keyutils, when there is no Secret Service', () => {
    expect(available, 'run through scripts/with-keyring.sh').toBe(true);
    const script = `
      import { KeyringVault } from ${JSON.stringify(new URL('../../../electron/core/keyring-vault.ts', import.meta.url).href)};
      const probe = await new KeyringVault('Support Console probe test').probe();
      console.log(JSON.stringify(probe));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
      encoding: 'utf8',
    });
    const probe = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as {
      available: boolean;
      message?: string;
    };
    expect(probe.available).toBe(false);
    expect(probe.message).toMatch(/keychain is not available/);
  });
});
