import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Tests wait for what the user sees (findBy…, waitFor), never for the clock. On a busy two-core
// machine (CI shares it with a build) an answer can take seconds to paint: the waits and the test
// limit are generous ceilings, not expectations, so a slow run stays green and a wrong one still fails.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
