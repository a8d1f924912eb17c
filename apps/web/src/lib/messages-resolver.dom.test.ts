import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadI18n } from '../test/render.tsx';
import { schemaResolver } from './messages-resolver.ts';

const schema = z.object({ point: z.string().min(1, { error: 'required' }) });

beforeAll(() => loadI18n('en'));

describe('schemaResolver', () => {
  it("the form's own check wins where it has a message and leaves the schema's alone where it has none", async () => {
    const resolver = schemaResolver<{ point: string }>(
      schema,
      (v) => v,
      (v) => ({ point: v.point === 'big' ? 'Too many.' : undefined }),
    );
    const run = (point: string) =>
      resolver({ point }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect((await run('')).errors.point?.message).toBe('This field is required.');
    expect((await run('big')).errors.point?.message).toBe('Too many.');
    expect((await run('12')).errors).toEqual({});
  });
});
