import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyElement } from '../elements/lazyElement';
import { drawsAtOnce, lazyComponent, preloadOf } from './lazyComponent';

const Heading = ({ text }: { text: string }) => <h1>{text}</h1>;

describe('lazyComponent', () => {
  it('suspends on its first render while its code is not here, then draws it', async () => {
    const Lazy = lazyComponent(async () => Heading);
    render(
      <Suspense fallback={<p>Chargement…</p>}>
        <Lazy text="Mes factures" />
      </Suspense>,
    );
    expect(screen.getByText('Chargement…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Mes factures' })).toBeTruthy();
  });

  it('draws at once, without its fallback, once preloaded', async () => {
    const Lazy = lazyComponent(async () => Heading);
    await Lazy.preload();
    act(() => {
      render(
        <Suspense fallback={<p>Chargement…</p>}>
          <Lazy text="Gestion clients" />
        </Suspense>,
      );
    });
    expect(screen.queryByText('Chargement…')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Gestion clients' })).toBeTruthy();
  });

  it('fetches its code once, however often it is preloaded or drawn', async () => {
    let loads = 0;
    const Lazy = lazyComponent(async () => {
      loads += 1;
      return Heading;
    });
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    render(<Lazy text="Devis" />);
    expect(loads).toBe(1);
  });

  it('passes a failed load on to the caller of preload', async () => {
    const Lazy = lazyComponent<{ text: string }>(() => Promise.reject(new Error('chunk missing')));
    await expect(Lazy.preload()).rejects.toThrow('chunk missing');
  });

  it("finds a rendered node's preload, and none on an ordinary component", () => {
    const Lazy = lazyComponent(async () => Heading);
    expect(preloadOf(<Lazy text="x" />)).toBe(Lazy.preload);
    expect(preloadOf(<Heading text="x" />)).toBeUndefined();
    expect(preloadOf(null)).toBeUndefined();
  });
});

describe('drawsAtOnce', () => {
  const Screen = lazyComponent(async () => Heading);
  const Element = drawsAtOnce(
    () => (
      <Suspense fallback={<p>Chargement de l'écran…</p>}>
        <Screen text="Suivi d'activité" />
      </Suspense>
    ),
    Screen,
  );

  it("makes a lazy tag's preload fetch the screen too: the tag draws it without a fallback", async () => {
    const Tag = lazyElement(async () => ({ Element }));
    await Tag.preload();
    act(() => {
      render(<Tag />);
    });
    expect(screen.queryByText("Chargement de l'écran…")).toBeNull();
    expect(screen.getByRole('heading', { name: "Suivi d'activité" })).toBeTruthy();
  });

  it("draws the tag all the same when the screen's code fails to load, its boundary then says so", async () => {
    const Failing = lazyComponent<{ text: string }>(() => Promise.reject(new Error('chunk missing')));
    const Shell = drawsAtOnce(() => <p>Le cadre</p>, Failing);
    const Tag = lazyElement(async () => ({ Shell }));
    await expect(Tag.preload()).resolves.toBeUndefined();
    act(() => {
      render(<Tag />);
    });
    expect(screen.getByText('Le cadre')).toBeTruthy();
  });
});
