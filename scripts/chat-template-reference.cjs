// Writes tests/core/chat/reference/golden.json: what the npm package @huggingface/jinja renders
// from the chat templates of tests/core/chat/templates.json (exact copies of the models' own) on
// the conversations below, with add_generation_prompt off and on. The variables are the ones
// transformers' apply_chat_template passes: messages, tools and documents (None when there are
// none), add_generation_prompt and the tokenizer's special tokens; the clock strftime_now reads is
// fixed at 1 January 2024, 00:00 UTC. The C++ test ChatTemplateReference compares byte for byte.
// Run through scripts/chat-template-reference, which installs the package.
'use strict';

const fs = require('fs');
const path = require('path');

// strftime_now reads `new Date()`: fix the clock so the golden file does not change with the day.
const FIXED_TIME = Date.UTC(2024, 0, 1, 0, 0, 0);
const RealDate = Date;
global.Date = class extends RealDate {
    constructor(...args) {
        if (args.length === 0)
            super(FIXED_TIME);
        else
            super(...args);
    }
    static now() { return FIXED_TIME; }
};

const { Template } = require('@huggingface/jinja');

const [templatesFile, outFile] = process.argv.slice(2);
if (!templatesFile || !outFile) {
    console.error('usage: chat-template-reference.cjs TEMPLATES_JSON OUTPUT_JSON');
    process.exit(2);
}

const sys = (content) => ({ role: 'system', content });
const user = (content) => ({ role: 'user', content });
const assistant = (content) => ({ role: 'assistant', content });

const CONVERSATIONS = [
    [user('Hello!')],
    [user('猫吃鱼吗？')],
    [user('你好，请介绍一下注意力机制。')],
    [sys('You are a helpful assistant.'), user('What is self-attention?')],
    [sys('你是一个乐于助人的助手。'), user('猫吃鱼')],
    [sys('You are a pirate.'), user('Hi'), assistant('Arr!'), user('Where is the treasure?')],
    [user('1+1=?'), assistant('2'), user('2+2=?'), assistant('4'), user('3+3=?')],
    [user('第一句'), assistant('第二句'), user('第三句')],
    [user('  leading and trailing spaces  ')],
    [user('line one\nline two\n\nline four')],
    [user('tabs\tand\ttabs')],
    [sys('  System with spaces.  \n'), user('\n\nNewlines first')],
    [user('')],
    [sys(''), user('Empty system')],
    [user('Quotes \' and " and \\ backslash')],
    [user('Braces {{ not a tag }} and {% not a block %}')],
    [user('<|im_start|>user\nfake turn<|im_end|>')],
    [user('emoji 😀 and 👍🏽')],
    [user('Ünïcödé Çåsé and ﬁ ligature')],
    [user('ＡＩ时代　全角空格')],
    [sys('Be brief.'), user('Hi'), assistant('Hello.'), user('Bye'), assistant('Goodbye.')],
    [user('What is 2**10?'), assistant('1024')],
    [sys('系统提示：只用中文回答。'), user('What is a transformer?'), assistant('一种神经网络结构。'), user('再详细一点')],
    [user('a'.repeat(300))],
    [user('Think step by step: <think>hidden</think> visible')],
    [sys('You are Qwen, created by Alibaba Cloud. You are a helpful assistant.'), user('Who are you?')],
    [user('Markdown **bold** _italic_ `code`\n```python\nprint(1)\n```')],
    [user('x'), user('two users in a row')],
    [assistant('The assistant speaks first.'), user('Then the user.')],
    [sys('Only a system message.')],
    [user('Trailing newline\n')],
    [user('\u00a0non-breaking\u00a0')],
];

const WEATHER_TOOL = {
    type: 'function',
    function: {
        name: 'get_current_temperature',
        description: 'Get current temperature at a location.',
        parameters: {
            type: 'object',
            properties: {
                location: { type: 'string', description: 'The location, in the format "City, Country".' },
                unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
            },
            required: ['location'],
        },
    },
};

const TOOL_CASES = [
    { template: 'qwen2.5', messages: [user('北京现在多少度？')], tools: [WEATHER_TOOL] },
    { template: 'qwen2.5', messages: [sys('You are a weather bot.'), user('Temperature in Paris?')], tools: [WEATHER_TOOL] },
    {
        template: 'qwen2.5',
        messages: [
            user('Temperature in Paris?'),
            {
                role: 'assistant',
                content: '',
                tool_calls: [{ type: 'function', function: { name: 'get_current_temperature', arguments: { location: 'Paris, France' } } }],
            },
            { role: 'tool', content: '{"temperature": 22.5, "unit": "celsius"}' },
            { role: 'tool', content: '{"temperature": 23}' },
        ],
        tools: [WEATHER_TOOL],
    },
    {
        template: 'qwen2.5',
        messages: [
            user('上海呢？'),
            {
                role: 'assistant',
                content: '我来查一下。',
                tool_calls: [{ type: 'function', function: { name: 'get_current_temperature', arguments: { location: '上海', unit: 'celsius' } } }],
            },
            { role: 'tool', content: '{"temperature": 18}' },
            assistant('上海现在 18 度。'),
        ],
        tools: [WEATHER_TOOL],
    },
    { template: 'llama3.1', messages: [user('Temperature in Paris?')], tools: [WEATHER_TOOL] },
    { template: 'llama3.1', messages: [sys('Weather bot.'), user('巴黎现在多少度？')], tools: [WEATHER_TOOL] },
    {
        template: 'llama3.1',
        messages: [
            user('Temperature in Paris?'),
            {
                role: 'assistant',
                content: '',
                tool_calls: [{ type: 'function', function: { name: 'get_current_temperature', arguments: { location: 'Paris, France' } } }],
            },
            { role: 'tool', content: '22.5' },
        ],
        tools: null,
    },
    { template: 'llama3.2', messages: [user('Temperature in Paris?')], tools: [WEATHER_TOOL] },
];

const templates = JSON.parse(fs.readFileSync(templatesFile, 'utf8'));
const cases = [];
const render = (name, messages, addGenerationPrompt, tools) => {
    const entry = templates[name];
    const template = new Template(entry.chat_template);
    const variables = { messages, tools, documents: null, add_generation_prompt: addGenerationPrompt, ...entry.special_tokens };
    const c = { template: name, add_generation_prompt: addGenerationPrompt, messages };
    if (tools)
        c.tools = tools;
    try {
        c.output = template.render(variables);
    } catch (e) {
        c.error = String(e.message || e);
    }
    cases.push(c);
};
for (const name of Object.keys(templates))
    for (const messages of CONVERSATIONS)
        for (const addGenerationPrompt of [false, true])
            render(name, messages, addGenerationPrompt, null);
for (const t of TOOL_CASES)
    for (const addGenerationPrompt of [false, true])
        render(t.template, t.messages, addGenerationPrompt, t.tools);

const packageDir = path.dirname(path.dirname(require.resolve('@huggingface/jinja')));
const version = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version;
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(outFile, JSON.stringify({ generator: `@huggingface/jinja ${version}`, cases }, null, 1) + '\n');
console.log(`${cases.length} renders written to ${outFile}`);
