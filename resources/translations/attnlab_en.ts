<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>attnlab::ui</name>
    <message numerus="yes">
        <source>A sliding window of %n key(s) hides more: query i does not see key j when j ≤ i − %n.</source>
        <translation>
            <numerusform>A sliding window of %n key hides more: query i does not see key j when j ≤ i − %n.</numerusform>
            <numerusform>A sliding window of %n keys hides more: query i does not see key j when j ≤ i − %n.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attnlab::ui::ChatPanel</name>
    <message numerus="yes">
        <source>it reached the limit of %n token(s)</source>
        <translation>
            <numerusform>it reached the limit of %n token</numerusform>
            <numerusform>it reached the limit of %n tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Read %n token(s) in %1 s</source>
        <translation>
            <numerusform>Read %n token in %1 s</numerusform>
            <numerusform>Read %n tokens in %1 s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>wrote %n token(s) in %1 s</source>
        <translation>
            <numerusform>wrote %n token in %1 s</numerusform>
            <numerusform>wrote %n tokens in %1 s</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attnlab::ui::FileActions</name>
    <message numerus="yes">
        <source>… and %n more problem(s)</source>
        <translation>
            <numerusform>… and %n more problem</numerusform>
            <numerusform>… and %n more problems</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attnlab::ui::FlashExperiment</name>
    <message numerus="yes">
        <source>%n tile(s) to read. Each query row starts with m = −∞, l = 0 and O = 0.</source>
        <translation>
            <numerusform>%n tile to read. Each query row starts with m = −∞, l = 0 and O = 0.</numerusform>
            <numerusform>%n tiles to read. Each query row starts with m = −∞, l = 0 and O = 0.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The mask hides no cell, so all %n tile(s) are read.</source>
        <translation>
            <numerusform>The mask hides no cell, so the one tile is read.</numerusform>
            <numerusform>The mask hides no cell, so all %n tiles are read.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of the %1 tiles are crossed out and skipped: the mask hides every cell in them.</source>
        <translation>
            <numerusform>%n of the %1 tiles is crossed out and skipped: the mask hides every cell in it.</numerusform>
            <numerusform>%n of the %1 tiles are crossed out and skipped: the mask hides every cell in them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>In %n tile(s) the mask hides only some cells: these are read, their hidden cells counting as −∞.</source>
        <translation>
            <numerusform>In %n tile the mask hides only some cells: it is read, its hidden cells counting as −∞.</numerusform>
            <numerusform>In %n tiles the mask hides only some cells: these are read, their hidden cells counting as −∞.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attnlab::ui::KvDesignTable</name>
    <message numerus="yes">
        <source>This model (%n K/V head(s))</source>
        <translation>
            <numerusform>This model (%n K/V head)</numerusform>
            <numerusform>This model (%n K/V heads)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>MHA (%n K/V head(s))</source>
        <translation>
            <numerusform>MHA (%n K/V head)</numerusform>
            <numerusform>MHA (%n K/V heads)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>GQA (%n K/V head(s))</source>
        <translation>
            <numerusform>GQA (%n K/V head)</numerusform>
            <numerusform>GQA (%n K/V heads)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attnlab::ui::MaskEditor</name>
    <message numerus="yes">
        <source>Padding mask hiding the last %n key(s)</source>
        <translation>
            <numerusform>Padding mask hiding the last %n key</numerusform>
            <numerusform>Padding mask hiding the last %n keys</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>On top of it, a sliding window of %n key(s): query i does not see key j when j ≤ i − %n.</source>
        <translation>
            <numerusform>On top of it, a sliding window of %n key: query i does not see key j when j ≤ i − %n.</numerusform>
            <numerusform>On top of it, a sliding window of %n keys: query i does not see key j when j ≤ i − %n.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attnlab::ui::QuantCompareWindow</name>
    <message numerus="yes">
        <source>The model reads at most %n tokens: the rest of the text is left out.</source>
        <translation>
            <numerusform>The model reads at most %n token: the rest of the text is left out.</numerusform>
            <numerusform>The model reads at most %n tokens: the rest of the text is left out.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Add a GGUF file of the same model in another type (F32, BF16, Q8_0, Q4_K …): up to %n files side by side</source>
        <translation>
            <numerusform>Add a GGUF file of the same model in another type (F32, BF16, Q8_0, Q4_K …): up to %n file side by side</numerusform>
            <numerusform>Add a GGUF file of the same model in another type (F32, BF16, Q8_0, Q4_K …): up to %n files side by side</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generate %n tokens greedily after the text with each file and time them: its decode speed in tokens per second on this computer</source>
        <translation>
            <numerusform>Generate %n token greedily after the text with each file and time it: its decode speed in tokens per second on this computer</numerusform>
            <numerusform>Generate %n tokens greedily after the text with each file and time them: its decode speed in tokens per second on this computer</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Decode: %1 tokens/s (%n tokens)</source>
        <translation>
            <numerusform>Decode: %1 tokens/s (%n token)</numerusform>
            <numerusform>Decode: %1 tokens/s (%n tokens)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attnlab::ui::TokenBar</name>
    <message numerus="yes">
        <source>… %n more</source>
        <translation>
            <numerusform>… %n more</numerusform>
            <numerusform>… %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attnlab::ui::TranslationWindow</name>
    <message numerus="yes">
        <source>Opened %1: %2 encoder and %3 decoder layers, %4 heads each; generation_config.json asks for %n beam(s).</source>
        <translation>
            <numerusform>Opened %1: %2 encoder and %3 decoder layers, %4 heads each; generation_config.json asks for %n beam.</numerusform>
            <numerusform>Opened %1: %2 encoder and %3 decoder layers, %4 heads each; generation_config.json asks for %n beams.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n token(s).</source>
        <translation>
            <numerusform>Cancelled after %n token.</numerusform>
            <numerusform>Cancelled after %n tokens.</numerusform>
        </translation>
    </message>
</context>
</TS>
