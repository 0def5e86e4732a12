<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>CommandLine</name>
    <message>
        <location filename="../../ui/application.cpp" line="+65"/>
        <source>give at most one scene file</source>
        <translation>最多只能给出一个场景文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Try &apos;attnlab --help&apos;.</source>
        <translation>运行 &apos;attnlab --help&apos; 查看用法。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unknown language &quot;%1&quot;; use one of: %2</source>
        <translation>未知的语言“%1”；可用的语言：%2</translation>
    </message>
    <message>
        <location filename="../../ui/commandline.cpp" line="+35"/>
        <source>Print every stage of the scene as JSON and exit.</source>
        <translation>以 JSON 格式输出场景的每一步结果，然后退出。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check the scene file; print &quot;ok&quot; or its problems.</source>
        <translation>检查场景文件；输出“ok”或其中的问题。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Use the built-in example NAME instead of a file.</source>
        <translation>使用名为 NAME 的内置例子，而不是文件。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>List the built-in examples and exit.</source>
        <translation>列出内置例子，然后退出。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Interface language: zh_CN or en (default: the system&apos;s).</source>
        <translation>界面语言：zh_CN 或 en（默认跟随系统）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show this help and exit.</source>
        <translation>显示本帮助，然后退出。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the version and exit.</source>
        <translation>显示版本号，然后退出。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attention Lab: step through self-attention, edit every number, export the heatmaps.</source>
        <translation>注意力实验室：逐步演示自注意力，可修改每一个数，并导出热力图。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A scene file (.attn.json); &quot;-&quot; reads standard input.</source>
        <translation>场景文件（.attn.json）；“-”表示从标准输入读取。</translation>
    </message>
</context>
<context>
    <name>InspectorPage</name>
    <message>
        <location filename="../../ui/inspectorpage.cpp" line="+86"/>
        <source>Head %1 of %2</source>
        <translation>第 %1 个头（共 %2 个）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>product</source>
        <translation>乘积</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+205"/>
        <source>sum</source>
        <translation>和</translation>
    </message>
    <message>
        <location line="-192"/>
        <source>(%1 more terms)</source>
        <translation>（另有 %1 项）</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Click a cell or a row label of a stage to see how its numbers are computed from the previous stages.</source>
        <translation>点击某一步的一个格子或行标签，查看这些数是怎样由前面的步骤算出来的。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Row %1 is selected. Click one of its cells to see that number worked out.</source>
        <translation>已选中“%1”这一行。点击其中的一个格子，查看这个数的详细计算。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Input X, row %1, column %2</source>
        <translation>输入 X，“%1”行，第 %2 列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each token looks up its row in the embedding table E.</source>
        <translation>每个词元在嵌入表 E 中查出自己的那一行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sinusoidal positional encoding adds a value that depends only on the position (%1) and the column.</source>
        <translation>正弦位置编码加上一个只取决于位置（%1）和列号的值。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1, row %2, column %3</source>
        <translation>%1，“%2”行，第 %3 列</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>In direct mode %1 is typed in, not computed: this number is &lt;b&gt;%2&lt;/b&gt;.</source>
        <translation>在直接模式下，%1 是直接输入的，不是算出来的：这个数就是 &lt;b&gt;%2&lt;/b&gt;。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1[%2][%3] = row %2 of X · column %4 of W&lt;sub&gt;%1&lt;/sub&gt;: multiply them entry by entry and add the products.</source>
        <translation>%1[%2][%3] = X 的“%2”行 · W&lt;sub&gt;%1&lt;/sub&gt; 的第 %4 列：逐项相乘，再把乘积加起来。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>X row %1</source>
        <translation>X 的“%1”行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>W&lt;sub&gt;%1&lt;/sub&gt; column %2</source>
        <translation>W&lt;sub&gt;%1&lt;/sub&gt; 第 %2 列</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>RoPE: %1 rotated, row %2, column %3</source>
        <translation>RoPE：旋转后的 %1，“%2”行，第 %3 列</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Columns %1 and %2 form pair %3. At position %4 the pair turns by the angle %4 × θ = %4 × %5 = %6 rad.</source>
        <translation>第 %1 列和第 %2 列组成第 %3 对。在位置 %4，这一对旋转的角度为 %4 × θ = %4 × %5 = %6 弧度。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Score: %1 looks at %2</source>
        <translation>分数：“%1”看“%2”</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row %1 is the query (the token that looks); column %2 is the key (the token looked at).</source>
        <translation>“%1”这一行是查询（去看的词元）；“%2”这一列是键（被看的词元）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>q (rotated) of %1</source>
        <translation>“%1”的 q（旋转后）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>q of %1</source>
        <translation>“%1”的 q</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>k (rotated) of %1</source>
        <translation>“%1”的 k（旋转后）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>k of %1</source>
        <translation>“%1”的 k</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The score is the dot product q · k: multiply the two vectors entry by entry and add up.</source>
        <translation>分数就是点积 q · k：把两个向量逐项相乘，再全部加起来。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>1 (no scaling)</source>
        <translation>1（不缩放）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (a custom divisor)</source>
        <translation>%1（自定义除数）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Scaled: %1 ÷ %2 = &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>缩放：%1 ÷ %2 = &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The mask hides this cell: it becomes −∞, and its weight will be exactly 0.</source>
        <translation>掩码遮住了这个格子：它变成 −∞，权重将恰好为 0。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Weights of row %1: softmax</source>
        <translation>“%1”这一行的权重：softmax</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The mask hides every key from %1, so there is nothing to share out: the weights are all 0 and the context vector is zero. (A plain softmax would divide 0 by 0 here.)</source>
        <translation>掩码把所有的键都对“%1”遮住了，没有可以分配的对象：权重全为 0，上下文向量为零向量。（普通的 softmax 在这里会出现 0 除以 0。）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Take e to the power of each visible scaled score, add them up, and divide each by the sum. The weights are positive and add up to 1.</source>
        <translation>对每个可见的缩放分数求 e 的幂，把它们加起来，再用每一项除以总和。得到的权重都是正数，加起来等于 1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>These scores are too large for e&lt;sup&gt;x&lt;/sup&gt;, so the largest, %1, is subtracted first; the quotients stay the same.</source>
        <translation>这些分数太大，无法直接计算 e&lt;sup&gt;x&lt;/sup&gt;，所以先减去其中最大的 %1；相除的结果不变。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>scaled score x</source>
        <translation>缩放分数 x</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+33"/>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>hidden by the mask</source>
        <translation>被掩码遮住</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A hidden cell counts as −∞, and e&lt;sup&gt;−∞&lt;/sup&gt; = 0: it gets no weight at all, and the visible keys share the whole 1.</source>
        <translation>被遮住的格子按 −∞ 计算，而 e&lt;sup&gt;−∞&lt;/sup&gt; = 0：它得不到任何权重，整份 1 由可见的键分享。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Context vector of %1: a weighted mix of the V rows</source>
        <translation>“%1”的上下文向量：V 各行的加权混合</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each V row is multiplied by the weight %1 gives its token; the scaled rows are added column by column.</source>
        <translation>V 的每一行都乘以“%1”给对应词元的权重；乘完的各行再逐列相加。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>token</source>
        <translation>词元</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>context = sum</source>
        <translation>上下文 = 和</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the context vector of %1</source>
        <translation>“%1”的上下文向量</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Column %1</source>
        <translation>第 %1 列</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Concatenation, row %1</source>
        <translation>拼接，“%1”行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The heads&apos; context vectors are placed side by side: each head fills its own block of columns.</source>
        <translation>各个头的上下文向量左右并排：每个头占据属于自己的一段列。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>head</source>
        <translation>头</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>columns</source>
        <translation>列</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>values</source>
        <translation>数值</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Output, row %1, column %2</source>
        <translation>输出，“%1”行，第 %2 列</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This scene has no W&lt;sub&gt;O&lt;/sub&gt;, so the output is the concatenation itself: &lt;b&gt;%1&lt;/b&gt;.</source>
        <translation>这个场景没有 W&lt;sub&gt;O&lt;/sub&gt;，所以输出就是拼接结果本身：&lt;b&gt;%1&lt;/b&gt;。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>output = concat · W&lt;sub&gt;O&lt;/sub&gt;: row %1 of concat times column %2 of W&lt;sub&gt;O&lt;/sub&gt; mixes what every head found.</source>
        <translation>输出 = 拼接 · W&lt;sub&gt;O&lt;/sub&gt;：拼接结果的“%1”行乘以 W&lt;sub&gt;O&lt;/sub&gt; 的第 %2 列，把每个头的发现融合在一起。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>head %1, %2</source>
        <translation>头 %1，第 %2 列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>concat row %1</source>
        <translation>拼接的“%1”行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>W&lt;sub&gt;O&lt;/sub&gt; column %1</source>
        <translation>W&lt;sub&gt;O&lt;/sub&gt; 第 %1 列</translation>
    </message>
</context>
<context>
    <name>UndoCommand</name>
    <message>
        <location filename="../../ui/undocommands.cpp" line="+15"/>
        <location line="+28"/>
        <source>Set %1[%2][%3] to %4</source>
        <translation>将 %1[%2][%3] 设为 %4</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::ExplanationPanel</name>
    <message>
        <location filename="../../ui/explanationpanel.cpp" line="+97"/>
        <source>Explanation</source>
        <translation>讲解</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Glossary</source>
        <translation>术语表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Short definitions of token, embedding, query, key, value, score, mask, softmax, context vector and head</source>
        <translation>词元、嵌入、查询、键、值、分数、掩码、softmax、上下文向量和头的简短定义</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Back to the stage</source>
        <translation>返回当前步骤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return to the explanation of the selected stage</source>
        <translation>回到所选步骤的讲解</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What the selected stage computes and why</source>
        <translation>所选步骤计算什么，以及为什么这样算</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>This scene is in direct mode: Q, K and V are typed in, so there is no X.</source>
        <translation>这个场景使用直接模式：Q、K、V 直接输入，因此没有 X。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>X: %1 tokens %2 d_model = %3</source>
        <translation>X：%1 个词元 %2 d_model = %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Direct mode: Q and K are %1, V is %2, typed in.</source>
        <translation>直接模式：Q 和 K 是 %1，V 是 %2，均为直接输入。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>X (%1) · W (%2) = %3 for all heads; each head takes %4 columns: %5</source>
        <translation>X（%1）· W（%2）= %3，包含所有头；每个头取其中 %4 列：%5</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Q and K keep their shape %1; %2 pairs of columns are rotated.</source>
        <translation>Q 和 K 的形状保持为 %1；共有 %2 对列被旋转。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Q (%1) · Kᵀ (%2) = scores %3: one row per query, one column per key.</source>
        <translation>Q（%1）· Kᵀ（%2）= 分数 %3：每个查询一行，每个键一列。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>scores %1 ÷ %2 = scaled %1</source>
        <translation>分数 %1 ÷ %2 = 缩放后 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>masked: %1, hidden cells are −∞ (mask: %2)</source>
        <translation>掩码后：%1，被遮住的格子为 −∞（掩码：%2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>weights: %1, each row adds up to 1 over its visible keys</source>
        <translation>权重：%1，每一行在可见的键上加起来等于 1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>weights (%1) · V (%2) = context %3</source>
        <translation>权重（%1）· V（%2）= 上下文 %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 heads %2 context %3 side by side = concat %4</source>
        <translation>%1 个头 %2 上下文 %3 并排 = 拼接 %4</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>concat (%1) · W_O (%2) = output %3</source>
        <translation>拼接（%1）· W_O（%2）= 输出 %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This scene has no W_O: the output is concat itself, %1.</source>
        <translation>这个场景没有 W_O：输出就是拼接结果本身，%1。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>In this scene</source>
        <translation>在这个场景中</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::InspectorDock</name>
    <message>
        <location filename="../../ui/inspectordock.cpp" line="+39"/>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How the selected number is computed, with the real values. Select a cell or a row in any stage.</source>
        <translation>所选的数是怎样算出来的，用的都是真实数值。在任意一步中选择一个格子或一行。</translation>
    </message>
</context>
</TS>
