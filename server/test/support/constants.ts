export const testPassword = 'demo1234';
export const testJwtSecret = 'test-secret-for-the-server-suite-only';
export const platformOrigin = 'http://localhost:3000';
export const clientOrigin = 'http://localhost:3001';
