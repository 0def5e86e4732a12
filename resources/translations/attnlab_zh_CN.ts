<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>CommandLine</name>
    <message>
        <location filename="../../ui/application.cpp" line="+80"/>
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
        <source>Write the heatmaps of STAGES (comma-separated: X, Q, K, V, scores, scaled, masked, weights, context, concat, output, or board for all) to the --out file, with no window.</source>
        <translation>把 STAGES 的热力图写入 --out 指定的文件，不打开窗口（用逗号分隔：X、Q、K、V、scores、scaled、masked、weights、context、concat、output，或用 board 表示全部）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>With --export: the head to show, counted from 1 (default 1).</source>
        <translation>与 --export 一起使用：要显示的头，从 1 开始计数（默认 1）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>With --export: pixels per logical pixel of a PNG (default 2).</source>
        <translation>与 --export 一起使用：PNG 图像每个逻辑像素对应的像素数（默认 2）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>With --export: light, dark, print or high-contrast.</source>
        <translation>与 --export 一起使用：light（浅色）、dark（深色）、print（打印）或 high-contrast（高对比度）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>With --export: the weights&apos; map: viridis, cividis or grayscale.</source>
        <translation>与 --export 一起使用：权重热力图的配色：viridis、cividis 或 grayscale（灰度）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>With --export: the image to write (.png, .svg or .pdf).</source>
        <translation>与 --export 一起使用：要写入的图像文件（.png、.svg 或 .pdf）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Attention Lab: step through self-attention, edit every number, export the heatmaps.</source>
        <translation>注意力实验室：逐步演示自注意力，可修改每一个数，并导出热力图。</translation>
    </message>
    <message>
        <location line="+6"/>
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
    <name>attnlab::ui</name>
    <message>
        <location filename="../../ui/exportcli.cpp" line="+45"/>
        <source>--export: empty stage name in &quot;%1&quot;</source>
        <translation>--export：“%1”中有空的步骤名</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>--export: unknown stage &quot;%1&quot;; the stages are %2, or board</source>
        <translation>--export：未知的步骤“%1”；可用的步骤为 %2，或 board</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>--export: this scene has no stage %1; it has %2</source>
        <translation>--export：这个场景没有步骤 %1；它有 %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>--export cannot be combined with --dump, --validate or --list-examples</source>
        <translation>--export 不能与 --dump、--validate 或 --list-examples 同时使用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>--export needs --out FILE.png, FILE.svg or FILE.pdf</source>
        <translation>--export 需要 --out FILE.png、FILE.svg 或 FILE.pdf</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>--out: %1: the file name must end in .png, .svg or .pdf</source>
        <translation>--out：%1：文件名必须以 .png、.svg 或 .pdf 结尾</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>--scale: expected a number from 0.25 to 8, got &quot;%1&quot;</source>
        <translation>--scale：应为 0.25 到 8 之间的数，实际为“%1”</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>--theme: expected one of %1, got &quot;%2&quot;</source>
        <translation>--theme：应为 %1 之一，实际为“%2”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>--colormap: expected one of %1, got &quot;%2&quot;</source>
        <translation>--colormap：应为 %1 之一，实际为“%2”</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>--head: expected a head from 1 to %1, got &quot;%2&quot;</source>
        <translation>--head：应为 1 到 %1 之间的头编号，实际为“%2”</translation>
    </message>
    <message>
        <location filename="../../ui/exporter.cpp" line="+221"/>
        <location line="+25"/>
        <location line="+15"/>
        <location line="+23"/>
        <location line="+113"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="-146"/>
        <source>cannot write %1: the PNG encoder failed</source>
        <translation>无法写入 %1：PNG 编码失败</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Exported by Attention Lab</source>
        <translation>由注意力实验室导出</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>%1: unknown image format; the file name must end in .png, .svg or .pdf</source>
        <translation>%1：未知的图像格式；文件名必须以 .png、.svg 或 .pdf 结尾</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the scale must be between 0.25 and 8</source>
        <translation>缩放倍数必须在 0.25 到 8 之间</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>none of the chosen stages exists in this scene</source>
        <translation>所选的步骤在这个场景中都不存在</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>there is nothing to export</source>
        <translation>没有可以导出的内容</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>this scene has no stage %1</source>
        <translation>这个场景没有步骤 %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>query \ key</source>
        <translation>查询 \ 键</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../../ui/stageinfo.cpp" line="+89"/>
        <source>token</source>
        <translation>词元</translation>
    </message>
    <message>
        <location filename="../../ui/stageinfo.cpp" line="-47"/>
        <source>X = embeddings + positions</source>
        <translation>X = 嵌入 + 位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>X = embeddings</source>
        <translation>X = 嵌入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Q (given)</source>
        <translation>Q（直接给出）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Q = X·W_Q</source>
        <translation>Q = X·W_Q</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>K (given)</source>
        <translation>K（直接给出）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>K = X·W_K</source>
        <translation>K = X·W_K</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>V (given)</source>
        <translation>V（直接给出）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>V = X·W_V</source>
        <translation>V = X·W_V</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Q rotated (RoPE)</source>
        <translation>旋转后的 Q（RoPE）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>K rotated (RoPE)</source>
        <translation>旋转后的 K（RoPE）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>scores = Q·Kᵀ</source>
        <translation>分数 = Q·Kᵀ</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>scaled = scores ÷ √d_k</source>
        <translation>缩放 = 分数 ÷ √d_k</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>scaled = scores (not scaled)</source>
        <translation>缩放 = 分数（未缩放）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>scaled = scores ÷ %1</source>
        <translation>缩放 = 分数 ÷ %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>masked = scaled, hidden keys → −∞</source>
        <translation>掩码 = 缩放结果，被遮住的键 → −∞</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>weights = softmax(masked)</source>
        <translation>权重 = softmax(掩码结果)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>context = weights·V</source>
        <translation>上下文 = 权重·V</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>concat = [context of every head]</source>
        <translation>拼接 = [每个头的上下文]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>output = concat·W_O</source>
        <translation>输出 = 拼接·W_O</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>output = concat</source>
        <translation>输出 = 拼接</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>query (who looks)</source>
        <translation>查询（去看的词元）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>key (looked at)</source>
        <translation>键（被看的词元）</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+12"/>
        <source>feature (d_model)</source>
        <translation>特征（d_model）</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>feature (d_k)</source>
        <translation>特征（d_k）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>feature (d_v)</source>
        <translation>特征（d_v）</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+2"/>
        <source>feature (heads × d_v)</source>
        <translation>特征（头数 × d_v）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>feature</source>
        <translation>特征</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::Board</name>
    <message>
        <location filename="../../ui/exporter.cpp" line="-280"/>
        <source>tokens: %1</source>
        <translation>词元：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>head %1 of %2</source>
        <translation>第 %1 个头（共 %2 个）</translation>
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
    <name>attnlab::ui::FileActions</name>
    <message>
        <location filename="../../ui/fileactions.cpp" line="+109"/>
        <location line="+2"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>… and %n more problem(s)</source>
        <translation>
            <numerusform>……另有 %n 个问题</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not open the scene</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 could not be opened. The current scene is unchanged.

%2</source>
        <translation>无法打开 %1。当前场景保持不变。

%2</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+16"/>
        <source>Could not save the scene</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <location line="-13"/>
        <location line="+16"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start a new untitled scene from the 猫吃鱼 starting point (%1)</source>
        <translation>以“猫吃鱼”为起点新建一个未命名场景（%1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a scene file (.attn.json) (%1)</source>
        <translation>打开场景文件（.attn.json）（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the scene (%1)</source>
        <translation>保存场景（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the scene under a new name (Ctrl+Shift+S)</source>
        <translation>以新名称保存场景（Ctrl+Shift+S）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scene files opened or saved lately</source>
        <translation>最近打开或保存过的场景文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Examples</source>
        <translation>例子(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The built-in example scenes</source>
        <translation>内置的例子场景</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>No recent files</source>
        <translation>没有最近的文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Clear Recent Files</source>
        <translation>清除最近文件(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Forget the list of recent files</source>
        <translation>清空最近文件列表</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1  (%2)</source>
        <translation>%1  （%2）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The scene</source>
        <translation>场景</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 has unsaved changes. Save them first?</source>
        <translation>%1 有未保存的修改。要先保存吗？</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Attention Lab scenes (*.attn.json);;JSON files (*.json);;All files (*)</source>
        <translation>注意力实验室场景 (*.attn.json);;JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save Scene As</source>
        <translation>场景另存为</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open Scene</source>
        <translation>打开场景</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::HeatmapPlot</name>
    <message>
        <location filename="../../ui/heatmapplot.cpp" line="+178"/>
        <source>not part of this scene</source>
        <translation>不属于这个场景</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>0 (masked)</source>
        <translation>0（被掩码遮住）</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>0 (masked: this query may not look at this key)</source>
        <translation>0（被掩码遮住：这个查询不能看这个键）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>−∞ (masked: this query may not look at this key)</source>
        <translation>−∞（被掩码遮住：这个查询不能看这个键）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>query %1 (row %2) → key %3 (column %4)
%5 = %6</source>
        <translation>查询 %1（第 %2 行）→ 键 %3（第 %4 列）
%5 = %6</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>token %1 (row %2), feature %3
%4 = %5</source>
        <translation>词元 %1（第 %2 行），特征 %3
%4 = %5</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::HeatmapView</name>
    <message>
        <location filename="../../ui/heatmapview.cpp" line="+23"/>
        <source>Hover a cell for its exact value; click a cell, a row label or a key label to highlight it in every heatmap.</source>
        <translation>鼠标停在格子上可查看精确数值；点击格子、行标签或键标签，会在每张热力图中高亮它。</translation>
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
<context>
    <name>attnlab::ui::MainWindow</name>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="+171"/>
        <source>About Attention Lab</source>
        <translation>关于注意力实验室</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;p&gt;&lt;b&gt;Attention Lab&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;Step through self-attention, edit every number, and export the heatmaps.&lt;/p&gt;&lt;p&gt;Licence: GPL-3.0-or-later.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;注意力实验室&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;逐步演示自注意力，可修改每一个数，并导出热力图。&lt;/p&gt;&lt;p&gt;许可证：GPL-3.0-or-later。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Step</source>
        <translation>步骤(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close Attention Lab (Ctrl+Q)</source>
        <translation>关闭注意力实验室（Ctrl+Q）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo the last edit (Ctrl+Z)</source>
        <translation>撤销上一次修改（Ctrl+Z）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Redo the edit just undone (Ctrl+Shift+Z)</source>
        <translation>重做刚刚撤销的修改（Ctrl+Shift+Z）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About Attention Lab</source>
        <translation>关于注意力实验室(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Version and licence</source>
        <translation>版本与许可证</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Problems the pipeline found in the current scene</source>
        <translation>计算流程在当前场景中发现的问题</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1[*] — Attention Lab</source>
        <translation>%1[*] — 注意力实验室</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::MatrixEditorDock</name>
    <message>
        <location filename="../../ui/matrixeditordock.cpp" line="+19"/>
        <source>Embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>The embedding table: one row per distinct token, d_model columns.</source>
        <translation>嵌入表：每个不同的词元一行，共 d_model 列。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Query weights: Q = X·W_Q (d_model rows, heads·d_k columns).</source>
        <translation>查询权重：Q = X·W_Q（d_model 行，头数·d_k 列）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Key weights: K = X·W_K (d_model rows, heads·d_k columns).</source>
        <translation>键权重：K = X·W_K（d_model 行，头数·d_k 列）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Value weights: V = X·W_V (d_model rows, heads·d_k columns).</source>
        <translation>值权重：V = X·W_V（d_model 行，头数·d_k 列）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output weights: output = concat·W_O (heads·d_k rows, d_model columns).</source>
        <translation>输出权重：输出 = 拼接·W_O（头数·d_k 行，d_model 列）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The queries, given directly: one row per token.</source>
        <translation>直接给出的查询：每个词元一行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The keys, given directly: one row per token.</source>
        <translation>直接给出的键：每个词元一行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The values, given directly: one row per token.</source>
        <translation>直接给出的值：每个词元一行。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Matrices</source>
        <translation>矩阵</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Edit the embeddings and weights; every stage recomputes at once.</source>
        <translation>修改嵌入和权重；每一步都会立即重新计算。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>What happened to the last edit.</source>
        <translation>上一次修改的结果。</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Drag sideways on a cell to scrub it; the wheel scrubs the selected cell.</source>
        <translation>在格子上左右拖动可连续调整数值；滚轮调整选中的格子。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::MatrixModel</name>
    <message>
        <location filename="../../ui/matrixmodel.cpp" line="+71"/>
        <source>%1[%2][%3] = %4
Double-click or type to edit; drag sideways or use the wheel on the selected cell to scrub (Shift: coarse, Ctrl: fine).</source>
        <translation>%1[%2][%3] = %4
双击或直接输入进行编辑；在选中的格子上左右拖动或滚动滚轮可连续调整（Shift：粗调，Ctrl：微调）。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Row %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Row %1: token “%2”</source>
        <translation>第 %1 行：词元“%2”</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Column %1: dimension %2 of head %3</source>
        <translation>第 %1 列：第 %3 个头的第 %2 维</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Column %1</source>
        <translation>第 %1 列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>h%1·%2</source>
        <translation>h%1·%2</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>“%1” is not a number.</source>
        <translation>“%1”不是一个数。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only finite numbers are allowed, not “%1”.</source>
        <translation>只允许有限的数，不能是“%1”。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Values must lie between −1000000 and 1000000.</source>
        <translation>数值必须在 −1000000 到 1000000 之间。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Only finite numbers are allowed.</source>
        <translation>只允许有限的数。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::MatrixTableView</name>
    <message>
        <location filename="../../ui/matrixtableview.cpp" line="+69"/>
        <source>Double-click or start typing to edit a cell. Drag sideways on a cell to scrub its value; the mouse wheel scrubs the selected cell. Shift: coarse steps, Ctrl: fine steps.</source>
        <translation>双击或直接输入即可编辑格子。在格子上左右拖动可连续调整数值；鼠标滚轮调整选中的格子。Shift：大步调整，Ctrl：小步调整。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::PipelineBoard</name>
    <message>
        <location filename="../../ui/pipelineboard.cpp" line="+171"/>
        <source>Stage %1 of %2: %3</source>
        <translation>第 %1 步（共 %2 步）：%3</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The stage the class has reached; later stages stay hidden until reached</source>
        <translation>课堂已经进行到的步骤；后面的步骤在到达之前保持隐藏</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::PresentationMode</name>
    <message>
        <location filename="../../ui/presentationmode.cpp" line="+103"/>
        <source>&amp;Presentation Mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Full screen, one large high-contrast card at a time, for projecting (F11)</source>
        <translation>全屏显示，每次一张高对比度的大卡片，适合投影（F11）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leave Presentation Mode</source>
        <translation>退出演示模式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back to the normal window (Esc)</source>
        <translation>回到普通窗口（Esc）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Larger texts and heatmap labels (Ctrl+=)</source>
        <translation>放大文字和热力图标签（Ctrl+=）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Smaller texts and heatmap labels (Ctrl+-)</source>
        <translation>缩小文字和热力图标签（Ctrl+-）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Reset Zoom</source>
        <translation>重置缩放(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Texts and heatmap labels at their normal size (Ctrl+0)</source>
        <translation>文字和热力图标签恢复正常大小（Ctrl+0）</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::PresentationView</name>
    <message>
        <location filename="../../ui/presentationview.cpp" line="+85"/>
        <source>The tokens of the scene</source>
        <translation>场景中的词元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stage %1 / %2</source>
        <translation>第 %1 / %2 步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How far the class has stepped through the pipeline</source>
        <translation>课堂在计算流程中已经走到哪一步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Page Down / → next   ·   Page Up / ← previous   ·   Ctrl+= / Ctrl+- zoom   ·   F11 or Esc leaves</source>
        <translation>Page Down / → 下一步   ·   Page Up / ← 上一步   ·   Ctrl+= / Ctrl+- 缩放   ·   F11 或 Esc 退出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys that work in presentation mode</source>
        <translation>演示模式中可用的按键</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::StageCard</name>
    <message>
        <location filename="../../ui/stagecard.cpp" line="+100"/>
        <source>X — input vectors</source>
        <translation>X — 输入向量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Q — queries</source>
        <translation>Q — 查询</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>K — keys</source>
        <translation>K — 键</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>V — values</source>
        <translation>V — 值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Q rotated (RoPE)</source>
        <translation>旋转后的 Q（RoPE）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>K rotated (RoPE)</source>
        <translation>旋转后的 K（RoPE）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scores</source>
        <translation>分数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scaled scores</source>
        <translation>缩放后的分数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Masked scores</source>
        <translation>掩码后的分数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attention weights</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Context vectors</source>
        <translation>上下文向量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Concatenated heads</source>
        <translation>拼接后的各头</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>X = embedding of each token + position</source>
        <translation>X = 每个词元的嵌入 + 位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>X = embedding of each token</source>
        <translation>X = 每个词元的嵌入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Q (given directly)</source>
        <translation>Q（直接给出）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Q = X·W_Q</source>
        <translation>Q = X·W_Q</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>K (given directly)</source>
        <translation>K（直接给出）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>K = X·W_K</source>
        <translation>K = X·W_K</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>V (given directly)</source>
        <translation>V（直接给出）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>V = X·W_V</source>
        <translation>V = X·W_V</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Q_rot = RoPE(Q), rotated by position</source>
        <translation>Q_rot = RoPE(Q)，按位置旋转</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>K_rot = RoPE(K), rotated by position</source>
        <translation>K_rot = RoPE(K)，按位置旋转</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>scores = Q_rot·K_rotᵀ</source>
        <translation>分数 = Q_rot·K_rotᵀ</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>scores = Q·Kᵀ</source>
        <translation>分数 = Q·Kᵀ</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>scaled = scores ÷ √d_k = scores ÷ %1</source>
        <translation>缩放 = 分数 ÷ √d_k = 分数 ÷ %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>scaled = scores (no scaling)</source>
        <translation>缩放 = 分数（不缩放）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>scaled = scores ÷ %1</source>
        <translation>缩放 = 分数 ÷ %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>masked = scaled (no mask)</source>
        <translation>掩码 = 缩放结果（无掩码）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>masked = scaled, −∞ where hidden</source>
        <translation>掩码 = 缩放结果，被遮住处为 −∞</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>weights = softmax(masked), row by row</source>
        <translation>权重 = 逐行 softmax(掩码结果)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>context = weights·V</source>
        <translation>上下文 = 权重·V</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>concat = [context of each head]</source>
        <translation>拼接 = [每个头的上下文]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>output = concat·W_O</source>
        <translation>输出 = 拼接·W_O</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>output = concat</source>
        <translation>输出 = 拼接</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>%1 (head %2 of %3)</source>
        <translation>%1（第 %2 个头，共 %3 个）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Shape: rows × columns</source>
        <translation>形状：行数 × 列数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step %1
Press Next (→ or Page Down) to reveal</source>
        <translation>第 %1 步
按“下一步”（→ 或 Page Down）显示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2. Click to make it the current card.</source>
        <translation>%1：%2。点击使其成为当前卡片。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::StepController</name>
    <message>
        <location filename="../../ui/stepcontroller.cpp" line="+154"/>
        <source>&amp;Previous Stage</source>
        <translation>上一步(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Go back one stage (Left arrow or Page Up)</source>
        <translation>后退一步（左方向键或 Page Up）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Next Stage</source>
        <translation>下一步(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reveal the next stage (Right arrow or Page Down)</source>
        <translation>显示下一步（右方向键或 Page Down）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;First Stage</source>
        <translation>第一步(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Go back to the first stage (Ctrl+Home)</source>
        <translation>回到第一步（Ctrl+Home）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>P&amp;lay</source>
        <translation>播放(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reveal one stage after another automatically (F5)</source>
        <translation>自动逐步显示各步骤（F5）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show &amp;All</source>
        <translation>全部显示(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reveal every stage of the pipeline at once (Ctrl+End)</source>
        <translation>一次显示计算流程的所有步骤（Ctrl+End）</translation>
    </message>
</context>
</TS>
