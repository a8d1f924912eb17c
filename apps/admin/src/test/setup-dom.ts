import '@gacha/client/test/setup-dom';
import { configure } from '@testing-library/react';

// the first render of a file pays for the console's imports: wait for it longer than the default second
configure({ asyncUtilTimeout: 5000 });
