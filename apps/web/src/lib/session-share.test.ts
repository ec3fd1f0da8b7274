import { describe, expect, it } from 'vitest';
import {
  type ChannelLike,
  createSessionShare,
  DEVICE_TOKEN_KEY,
  OPEN_SESSION_HINT,
  TAB_TOKEN_KEY,
} from './session-share';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** BroadcastChannel in one process: a message reaches every other channel of the hub, not the sender. */
class Hub {
  channels: ChannelLike[] = [];
  open(): ChannelLike {
    const hub = this;
    const channel: ChannelLike = {
      onmessage: null,
      postMessage(message) {
        for (const other of hub.channels)
          if (other !== channel) queueMicrotask(() => other.onmessage?.({ data: message }));
      },
      close() {
        hub.channels = hub.channels.filter((c) => c !== channel);
      },
    };
    this.channels.push(channel);
    return channel;
  }
}

/** A browser tab: its own sessionStorage and token, the browser's localStorage and channel hub. */
function tab(device: MemoryStorage, hub: Hub) {
  const state = { token: null as string | null, loggedOut: 0 };
  const tabStorage = new MemoryStorage();
  const share = createSessionShare({
    tab: tabStorage,
    device,
    channel: hub.open(),
    current: () => state.token,
    onToken: (token) => {
      state.token = token;
    },
    onLogout: () => {
      state.token = null;
      state.loggedOut += 1;
    },
  });
  state.token = share.initialToken();
  return { state, share, tabStorage };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('a session across tabs', () => {
  it('remembered: a new tab and a browser restart start logged in; the password is never stored', () => {
    const device = new MemoryStorage();
    const first = tab(device, new Hub());
    first.share.saved('tok-1', true);
    expect(device.getItem(DEVICE_TOKEN_KEY)).toBe('tok-1');
    // A restart: new hub (no tab answers), same localStorage.
    expect(tab(device, new Hub()).state.token).toBe('tok-1');
    expect([...device.items.values()].join()).not.toMatch(/password/i);
  });

  it('not remembered: a new tab gets the token from an open tab; after a restart nobody answers', async () => {
    const device = new MemoryStorage();
    const hub = new Hub();
    const first = tab(device, hub);
    first.share.saved('tok-2', false);
    first.state.token = 'tok-2';
    expect(device.getItem(DEVICE_TOKEN_KEY)).toBeNull();

    const second = tab(device, hub);
    expect(second.state.token).toBeNull();
    expect(await second.share.restore(200)).toBe('tok-2');
    expect(second.tabStorage.getItem(TAB_TOKEN_KEY)).toBe('tok-2');

    const afterRestart = tab(device, new Hub());
    expect(await afterRestart.share.restore(20)).toBeNull();
    // The stale hint is gone, so the next cold start does not wait at all.
    expect(device.getItem(OPEN_SESSION_HINT)).toBeNull();
  });

  it('a visitor who never logged in does not wait for an answer', async () => {
    const lone = tab(new MemoryStorage(), new Hub());
    const started = Date.now();
    expect(await lone.share.restore(1_000)).toBeNull();
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('a login in one tab reaches the open ones; a logout in one logs out every tab of that session', async () => {
    const device = new MemoryStorage();
    const hub = new Hub();
    const a = tab(device, hub);
    const b = tab(device, hub);
    a.share.saved('tok-3', false);
    a.state.token = 'tok-3';
    await settle();
    expect(b.state.token).toBe('tok-3');

    b.share.cleared('tok-3');
    b.state.token = null;
    await settle();
    expect(a.state).toEqual({ token: null, loggedOut: 1 });
    expect(a.tabStorage.getItem(TAB_TOKEN_KEY)).toBeNull();
    expect(device.getItem(DEVICE_TOKEN_KEY)).toBeNull();
  });

  it("an expired old token's logout leaves a tab with a newer session alone", async () => {
    const device = new MemoryStorage();
    const hub = new Hub();
    const a = tab(device, hub);
    a.state.token = 'tok-new';
    const b = tab(device, hub);
    b.share.cleared('tok-old');
    await settle();
    expect(a.state).toEqual({ token: 'tok-new', loggedOut: 0 });
  });
});
