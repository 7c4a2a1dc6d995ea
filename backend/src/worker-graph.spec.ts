/* eslint-disable @typescript-eslint/no-require-imports -- the graph is loaded inside jest.isolateModules, where only require() loads it afresh after the mocks */
/**
 * The worker boots without HTTP code: loading its module graph must not load Fastify, Swagger,
 * helmet, multipart, static files or bull-board. Each of those packages is replaced by a recorder,
 * so loading it anywhere in the graph (however deep) is noticed.
 */
const mockLoaded: string[] = [];
function mockRecord(name: string): object {
  mockLoaded.push(name);
  return {};
}
jest.mock('fastify', () => mockRecord('fastify'));
jest.mock('@nestjs/platform-fastify', () => mockRecord('@nestjs/platform-fastify'));
jest.mock('@nestjs/swagger', () => mockRecord('@nestjs/swagger'));
jest.mock('helmet', () => mockRecord('helmet'));
jest.mock('@fastify/multipart', () => mockRecord('@fastify/multipart'));
jest.mock('@fastify/static', () => mockRecord('@fastify/static'));
jest.mock('@bull-board/api', () => mockRecord('@bull-board/api'));
jest.mock('@bull-board/api/bullMQAdapter', () => mockRecord('@bull-board/api/bullMQAdapter'));
jest.mock('@bull-board/fastify', () => mockRecord('@bull-board/fastify'));

describe('the worker module graph', () => {
  beforeEach(() => {
    mockLoaded.length = 0;
    jest.resetModules();
  });

  it('loads no HTTP server code', () => {
    const imports = require('node:fs')
      .readFileSync(require('node:path').join(__dirname, 'worker.ts'), 'utf8')
      .match(/from '\.\/[^']+'/g);
    expect(imports).toEqual(["from './config/env'", "from './common/logger'", "from './worker.module'", "from './common/graceful-shutdown'"]);
    jest.isolateModules(() => {
      // What worker.ts imports (requiring worker.ts itself would start the process).
      require('./worker.module');
      require('./common/logger');
      require('./common/graceful-shutdown');
    });
    expect(mockLoaded).toEqual([]);
  });

  it('would notice: the API graph loads them', () => {
    jest.isolateModules(() => {
      require('./app.factory');
    });
    expect(mockLoaded).toEqual(expect.arrayContaining(['@nestjs/platform-fastify', 'helmet', '@bull-board/api']));
  });
});
