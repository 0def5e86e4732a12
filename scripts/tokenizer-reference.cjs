// Writes the tokenizer reference files of tests/core/tokenize/reference: small tokenizer.json
// files in the styles of GPT-2, BERT, Qwen2, Llama 3 and Llama 2 (vocabularies and merges
// learnt here from a small corpus, deterministically), and for each the ids, tokens and decoded
// text that the npm package @huggingface/tokenizers gives for every text of TEXTS.
// Run through scripts/tokenizer-reference, which installs the package.
'use strict';

const fs = require('fs');
const path = require('path');
const { Tokenizer } = require('@huggingface/tokenizers');

const outDir = process.argv[2];
if (!outDir) {
    console.error('usage: tokenizer-reference.cjs OUTPUT_FOLDER');
    process.exit(2);
}

// ---- The texts ---------------------------------------------------------------------------

const TEXTS = [
    'The cat sat on the mat.', 'the cat ate the fish', 'Hello, world!', "don't stop, I'll go", "We're here; they've gone.",
    "I'M LOUD AND IT'S FINE", "she'd say 'yes'", 'a   b', 'a\n\nb', 'trailing spaces   ', '   leading spaces',
    'tab\there', 'line one\r\nline two', 'multiple\n\n\nnewlines\n', ' ', '\n', 'x', '', 'numbers 12345 and 3.14159',
    '1234567890', 'in 2024 we had 1,000,000 users', 'version 2.0.1-beta', 'phone: +86 138-0013-8000',
    '猫吃鱼', '我们今天学习注意力机制。', '你好，世界！', '注意力实验室', '大语言模型从零开始写', '猫坐在垫子上。',
    '中文和English混合mixed文本', '价格是100元', '2024年12月1日', '東京と大阪', 'こんにちは世界', '안녕하세요',
    'Привет, мир!', 'Γειά σου κόσμε', 'مرحبا بالعالم', 'שלום עולם', 'नमस्ते दुनिया', 'สวัสดีชาวโลก',
    'café naïve résumé', 'Ångström', 'e\u0301 composed later', 'ﬁne ligature', 'Ｆｕｌｌｗｉｄｔｈ ＡＢＣ', '①②③', 'x²+y²=z²',
    'emoji 😀 here', '👍🏽 thumbs', '🇨🇳🇺🇸 flags', '👨‍👩‍👧 family', 'I ❤️ NY', '🙂🙃😉', 'mixed 猫🐟 fish',
    '<|endoftext|>', 'The end.<|endoftext|>Next', '<|endoftext|><|endoftext|>', '<|im_start|>user\n你好<|im_end|>',
    '<|im_start|>system\nYou are helpful.<|im_end|>\n<|im_start|>assistant\n', '<|begin_of_text|>Hi there',
    'text <|eot_id|> more', '<s>Hello</s>', 'a <s> b', '[CLS] the [MASK] sat [SEP]', 'the [MASK] is here',
    'def f(x):\n    return x * 2\n', 'if (a && b) { c++; }', '<html><body>hi</body></html>', 'https://example.com/a?b=c',
    'user@example.com', 'snake_case_name and camelCaseName', 'C:\\path\\to\\file.txt', '#hashtag @mention',
    '...!!!???', '—dash– and "quotes" «guillemets»', '(parentheses) [brackets] {braces}', '$100 €50 ¥30 £20',
    '50% off!!!', 'A.B.C. D.E.F.', 'Mr. Smith went to Washington.', 'self-attention is all you need',
    'Transformers use multi-head attention.', 'The quick brown fox jumps over the lazy dog.',
    'attention attention attention', 'aaaaaaaaaaaaaaaa', 'ababababab', 'thethethe', 'the the the',
    'Tokenizers split text into pieces.', 'LLMs predict the next token.', 'Qwen2.5 and Llama 3.2 are models.',
    'GPT-2 (2019) and BERT (2018)', 'rotary position embeddings', 'key value cache grows', 'the KV cache',
    '猫吃鱼 the cat eats fish', 'I love 北京 and 上海', '1+1=2，2+2=4', '第1章 第2节', '三十二个头', '零一二三四五六七八九十',
    'ＡＩ时代', '「引号」和『书名』', '…省略号……', '——破折号', 'a\u00a0b non-breaking', 'zero\u200bwidth',
    'x\u3000y ideographic space', '\t\tindented', '  \n  \n', 'end with newline\n', 'Ünïcödé Çåsé', 'İstanbul',
];

// ---- A small deterministic BPE trainer ----------------------------------------------------

// Merges learnt from `words` (arrays of symbols, with counts): most frequent pair first, ties by
// the pair's text. Returns [merges, vocabulary additions in order].
function learnMerges(words, count) {
    const merges = [];
    for (let n = 0; n < count; ++n) {
        const pairs = new Map();
        for (const [symbols, freq] of words) {
            for (let i = 0; i + 1 < symbols.length; ++i) {
                const key = symbols[i] + '\u0000' + symbols[i + 1];
                pairs.set(key, (pairs.get(key) || 0) + freq);
            }
        }
        let best = null;
        for (const [key, freq] of pairs) {
            if (!best || freq > best[1] || (freq === best[1] && key < best[0])) best = [key, freq];
        }
        if (!best || best[1] < 2) break;
        const [a, b] = best[0].split('\u0000');
        merges.push([a, b]);
        for (const entry of words) {
            const s = entry[0];
            const out = [];
            for (let i = 0; i < s.length; ++i) {
                if (i + 1 < s.length && s[i] === a && s[i + 1] === b) {
                    out.push(a + b);
                    ++i;
                } else {
                    out.push(s[i]);
                }
            }
            entry[0] = out;
        }
    }
    return merges;
}

function byteChars() {
    const bs = [];
    for (let b = 33; b <= 126; ++b) bs.push(b);
    for (let b = 161; b <= 172; ++b) bs.push(b);
    for (let b = 174; b <= 255; ++b) bs.push(b);
    const cs = bs.slice();
    let n = 0;
    for (let b = 0; b < 256; ++b) {
        if (!bs.includes(b)) {
            bs.push(b);
            cs.push(256 + n);
            ++n;
        }
    }
    const table = new Array(256);
    bs.forEach((b, i) => (table[b] = String.fromCodePoint(cs[i])));
    return table;
}
const BYTE_CHARS = byteChars();
const toByteChars = (s) => Array.from(Buffer.from(s, 'utf8'), (b) => BYTE_CHARS[b]).join('');

// The corpus the vocabularies are learnt from: the texts, without the special tokens.
const SPECIALS = /<\|[a-z_]+\|>|<\/?s>|\[(CLS|SEP|MASK)\]/g;
const CORPUS = TEXTS.map((t) => t.replace(SPECIALS, ' '));

function countWords(split) {
    const counts = new Map();
    for (const text of CORPUS) for (const w of split(text)) if (w) counts.set(w, (counts.get(w) || 0) + 1);
    return [...counts.entries()].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
}

// Byte-level BPE: 256 byte characters, then the merges. `extraWords` go into the vocabulary
// without merges that make them (what ignore_merges is for).
function byteLevelModel(mergeCount, extraWords = [], options = {}) {
    const words = countWords((t) => t.split(/(?= )/)).map(([w, c]) => [Array.from(toByteChars(w)), c]);
    const merges = learnMerges(words, mergeCount);
    const vocab = {};
    let id = 0;
    for (let b = 0; b < 256; ++b) vocab[BYTE_CHARS[(b + 33) % 256]] = id++;
    for (const [a, b] of merges) if (!(a + b in vocab)) vocab[a + b] = id++;
    for (const w of extraWords) {
        const piece = toByteChars(w);
        if (!(piece in vocab)) vocab[piece] = id++;
    }
    return {
        type: 'BPE', dropout: null, unk_token: null, continuing_subword_prefix: null, end_of_word_suffix: null,
        fuse_unk: false, byte_fallback: false, ignore_merges: !!options.ignoreMerges, vocab,
        merges: merges.map(([a, b]) => (options.pairs ? [a, b] : a + ' ' + b)),
    };
}

function addedTokens(list, firstId) {
    return list.map((content, i) => ({
        id: firstId + i, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true,
    }));
}

const QWEN_PATTERN = "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";
const LLAMA3_PATTERN = "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";

function gpt2Style() {
    const model = byteLevelModel(300);
    const size = Object.keys(model.vocab).length;
    return {
        version: '1.0', truncation: null, padding: null, added_tokens: addedTokens(['<|endoftext|>'], size),
        normalizer: null, pre_tokenizer: { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: true },
        post_processor: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: false, use_regex: true },
        decoder: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true }, model,
    };
}

function qwen2Style() {
    const model = byteLevelModel(400, [], { pairs: true });
    const size = Object.keys(model.vocab).length;
    return {
        version: '1.0', truncation: null, padding: null,
        added_tokens: addedTokens(['<|endoftext|>', '<|im_start|>', '<|im_end|>'], size),
        normalizer: { type: 'NFC' },
        pre_tokenizer: { type: 'Sequence', pretokenizers: [
            { type: 'Split', pattern: { Regex: QWEN_PATTERN }, behavior: 'Isolated', invert: false },
            { type: 'ByteLevel', add_prefix_space: false, trim_offsets: false, use_regex: false },
        ] },
        post_processor: { type: 'ByteLevel', add_prefix_space: false, trim_offsets: false, use_regex: false },
        decoder: { type: 'ByteLevel', add_prefix_space: false, trim_offsets: false, use_regex: false }, model,
    };
}

function llama3Style() {
    const model = byteLevelModel(350, [' attention', ' transformers', 'Tokenizers', ' predict'], { ignoreMerges: true, pairs: true });
    const size = Object.keys(model.vocab).length;
    const bos = size;
    return {
        version: '1.0', truncation: null, padding: null,
        added_tokens: addedTokens(['<|begin_of_text|>', '<|end_of_text|>', '<|start_header_id|>', '<|end_header_id|>', '<|eot_id|>'], size),
        normalizer: null,
        pre_tokenizer: { type: 'Sequence', pretokenizers: [
            { type: 'Split', pattern: { Regex: LLAMA3_PATTERN }, behavior: 'Isolated', invert: false },
            { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: false },
        ] },
        post_processor: { type: 'Sequence', processors: [
            { type: 'ByteLevel', add_prefix_space: true, trim_offsets: false, use_regex: true },
            { type: 'TemplateProcessing',
              single: [{ SpecialToken: { id: '<|begin_of_text|>', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }],
              pair: [{ SpecialToken: { id: '<|begin_of_text|>', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } },
                  { SpecialToken: { id: '<|begin_of_text|>', type_id: 1 } }, { Sequence: { id: 'B', type_id: 1 } }],
              special_tokens: { '<|begin_of_text|>': { id: '<|begin_of_text|>', ids: [bos], tokens: ['<|begin_of_text|>'] } } },
        ] },
        decoder: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true }, model,
    };
}

// SentencePiece-style BPE (Llama 2, TinyLlama): ▁ for spaces, characters as symbols, and bytes
// <0x00>…<0xFF> for characters the vocabulary does not have. Rare characters are left out of
// the vocabulary on purpose so byte fallback has work to do.
function llama2Style() {
    const texts = CORPUS.map((t) => '\u2581' + t.replace(/ /g, '\u2581'));
    const charCounts = new Map();
    for (const t of texts) for (const c of t) charCounts.set(c, (charCounts.get(c) || 0) + 1);
    const chars = [...charCounts.entries()].filter(([, n]) => n >= 3).map(([c]) => c).sort();
    const known = new Set(chars);
    const counts = new Map();
    for (const t of texts) for (const w of t.split(/(?=\u2581)/)) counts.set(w, (counts.get(w) || 0) + 1);
    const words = [...counts.entries()].sort((x, y) => (x[0] < y[0] ? -1 : 1))
        .map(([w, c]) => [Array.from(w).map((ch) => (known.has(ch) ? ch : '\u0001' + ch)), c]);
    const merges = learnMerges(words, 300).filter(([a, b]) => !a.includes('\u0001') && !b.includes('\u0001'));
    const vocab = { '<unk>': 0, '<s>': 1, '</s>': 2 };
    let id = 3;
    for (let b = 0; b < 256; ++b) vocab['<0x' + b.toString(16).toUpperCase().padStart(2, '0') + '>'] = id++;
    for (const c of chars) if (!(c in vocab)) vocab[c] = id++;
    for (const [a, b] of merges) if (!(a + b in vocab)) vocab[a + b] = id++;
    const special = (content, i) => ({ id: i, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true });
    return {
        version: '1.0', truncation: null, padding: null,
        added_tokens: [special('<unk>', 0), special('<s>', 1), special('</s>', 2)],
        normalizer: { type: 'Sequence', normalizers: [
            { type: 'Prepend', prepend: '\u2581' }, { type: 'Replace', pattern: { String: ' ' }, content: '\u2581' },
        ] },
        pre_tokenizer: null,
        post_processor: { type: 'TemplateProcessing',
            single: [{ SpecialToken: { id: '<s>', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }],
            pair: [{ SpecialToken: { id: '<s>', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } },
                { SpecialToken: { id: '<s>', type_id: 1 } }, { Sequence: { id: 'B', type_id: 1 } }],
            special_tokens: { '<s>': { id: '<s>', ids: [1], tokens: ['<s>'] } } },
        decoder: { type: 'Sequence', decoders: [
            { type: 'Replace', pattern: { String: '\u2581' }, content: ' ' }, { type: 'ByteFallback' }, { type: 'Fuse' },
            { type: 'Strip', content: ' ', start: 1, stop: 0 },
        ] },
        model: { type: 'BPE', dropout: null, unk_token: '<unk>', continuing_subword_prefix: null, end_of_word_suffix: null,
            fuse_unk: true, byte_fallback: true, ignore_merges: false, vocab, merges: merges.map(([a, b]) => [a, b]) },
    };
}

// BERT (uncased): BertNormalizer, BertPreTokenizer, WordPiece with ## pieces learnt the same way.
function bertStyle() {
    const norm = (t) => t.toLowerCase().normalize('NFD').replace(/\p{Mn}/gu, '');
    const words = countWords((t) => norm(t).split(/[\s\p{P}]+/u).filter((w) => w && !/\p{Script=Han}/u.test(w)))
        .map(([w, c]) => [Array.from(w).map((ch, i) => (i ? '##' + ch : ch)), c]);
    const merges = learnMerges(words.map(([s, c]) => [s.map((x) => x.replace(/^##/, '\u0002')), c]), 250);
    const vocab = { '[PAD]': 0, '[UNK]': 1, '[CLS]': 2, '[SEP]': 3, '[MASK]': 4 };
    let id = 5;
    const charSet = new Set();
    for (const t of CORPUS) for (const c of norm(t)) if (!/\s/u.test(c)) charSet.add(c);
    const chars = [...charSet].sort().filter((c) => c !== '\u{1F3FD}');
    for (const c of chars) vocab[c] = id++;
    for (const c of chars) if (/[\p{L}\p{N}]/u.test(c) && !/\p{Script=Han}/u.test(c)) vocab['##' + c] = id++;
    for (const [a, b] of merges) {
        const piece = (a + b.replace(/^\u0002/, '')).replace(/^\u0002/, '##');
        if (!(piece in vocab)) vocab[piece] = id++;
    }
    const special = (content, i) => ({ id: i, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true });
    return {
        version: '1.0', truncation: null, padding: null,
        added_tokens: [special('[PAD]', 0), special('[UNK]', 1), special('[CLS]', 2), special('[SEP]', 3), special('[MASK]', 4)],
        normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
        pre_tokenizer: { type: 'BertPreTokenizer' },
        post_processor: { type: 'TemplateProcessing',
            single: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }],
            pair: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } },
                { Sequence: { id: 'B', type_id: 1 } }, { SpecialToken: { id: '[SEP]', type_id: 1 } }],
            special_tokens: { '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] }, '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] } } },
        decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
        model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab },
    };
}

// The newer form of the same tokenizer (TinyLlama's files): no normalizer, a Metaspace
// pre-tokenizer that puts ▁ in front of the first piece only and does not split, and a Metaspace
// decoder. (The first token decoded is always <s> here: for a first token with several ▁ the
// JavaScript decoder keeps spaces that the Rust one drops.)
function llama2MetaspaceStyle() {
    const json = llama2Style();
    json.normalizer = null;
    json.pre_tokenizer = { type: 'Metaspace', replacement: '\u2581', prepend_scheme: 'first', split: false };
    json.decoder = { type: 'Sequence', decoders: [
        { type: 'Metaspace', replacement: '\u2581', prepend_scheme: 'first', split: false }, { type: 'ByteFallback' }, { type: 'Fuse' },
    ] };
    return json;
}

const STYLES = {
    gpt2: gpt2Style, bert: bertStyle, qwen2: qwen2Style, llama3: llama3Style, llama2: llama2Style,
    'llama2-metaspace': llama2MetaspaceStyle,
};

fs.mkdirSync(outDir, { recursive: true });
for (const [name, make] of Object.entries(STYLES)) {
    const json = make();
    const tokenizer = new Tokenizer(json, { clean_up_tokenization_spaces: false });
    const cases = TEXTS.map((text) => {
        const { ids, tokens } = tokenizer.encode(text);
        const decoded = ids.length ? tokenizer.decode(ids, { skip_special_tokens: false, clean_up_tokenization_spaces: false }) : '';
        return { text, ids, tokens, decoded };
    });
    fs.writeFileSync(path.join(outDir, name + '.tokenizer.json'), JSON.stringify(json, null, 1) + '\n');
    fs.writeFileSync(path.join(outDir, name + '.golden.json'), JSON.stringify({ style: name, cases }, null, 1) + '\n');
    console.log(`${name}: ${cases.length} texts, ${Object.keys(json.model.vocab).length} vocabulary entries`);
}
