<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>BlockDerivationText</name>
    <message>
        <source>LayerNorm of the row (%1 numbers):</source>
        <translation>对这一行（%1 个数）做 LayerNorm：</translation>
    </message>
    <message>
        <source>mean μ = Σx / %1 = %2</source>
        <translation>均值 μ = Σx / %1 = %2</translation>
    </message>
    <message>
        <source>variance σ² = Σ(x − μ)² / %1 = %2</source>
        <translation>方差 σ² = Σ(x − μ)² / %1 = %2</translation>
    </message>
    <message>
        <source>RMSNorm of the row (%1 numbers), without centring:</source>
        <translation>对这一行（%1 个数）做 RMSNorm，不减均值：</translation>
    </message>
    <message>
        <source>mean square mean(x²) = Σx² / %1 = %2</source>
        <translation>均方 mean(x²) = Σx² / %1 = %2</translation>
    </message>
    <message>
        <source>times the weight γ = %1: %2</source>
        <translation>乘以权重 γ = %1：%2</translation>
    </message>
    <message>
        <source>plus the bias β = %1: %2</source>
        <translation>加上偏置 β = %1：%2</translation>
    </message>
    <message>
        <source>gate: the row times W_gate at this column = %1</source>
        <translation>门：这一行乘以 W_gate，在这一列得 %1</translation>
    </message>
    <message>
        <source>up: the row times W_up at this column = %1</source>
        <translation>上投影：这一行乘以 W_up，在这一列得 %1</translation>
    </message>
    <message>
        <source>pre-activation: the row times W₁ (plus b₁) at this column = %1</source>
        <translation>激活前：这一行乘以 W₁（加 b₁），在这一列得 %1</translation>
    </message>
    <message>
        <source>%1, token “%2”, column %3 = %4</source>
        <translation>%1，词元“%2”，第 %3 列 = %4</translation>
    </message>
    <message>
        <source>residual sum: %1 + %2 = %3 + %4 = %5</source>
        <translation>残差相加：%1 + %2 = %3 + %4 = %5</translation>
    </message>
    <message>
        <source>This is the residual stream as the layer below left it (layer 1 reads the embeddings).</source>
        <translation>这是下面一层留下的残差流（第 1 层读的是嵌入）。</translation>
    </message>
    <message>
        <source>Under post-norm this stage is the stage before it, unchanged.</source>
        <translation>在后归一化（post-norm）中，这一阶段就是前一阶段，原样不变。</translation>
    </message>
    <message>
        <source>Column %1 of head %2&apos;s context vector (its attention weights times its values): open the head on the pipeline board to derive it.</source>
        <translation>头 %2 的上下文向量的第 %1 列（它的注意力权重乘以它的值）：在流程板上打开这个头即可推导它。</translation>
    </message>
    <message>
        <source>concat&apos;s row (%1 numbers) times this column of W_O, summed: %2</source>
        <translation>concat 的这一行（%1 个数）与 W_O 的这一列逐项相乘再求和：%2</translation>
    </message>
    <message>
        <source>mlp_act&apos;s row (%1 numbers) times this column of the MLP&apos;s output matrix, summed: %2</source>
        <translation>mlp_act 的这一行（%1 个数）与 MLP 输出矩阵的这一列逐项相乘再求和：%2</translation>
    </message>
    <message>
        <source>plus the bias %1: %2</source>
        <translation>加上偏置 %1：%2</translation>
    </message>
    <message>
        <source>times %1 + γ = %1 + %2 = %3: %4</source>
        <translation>乘以 %1 + γ = %1 + %2 = %3：%4</translation>
    </message>
    <message>
        <source>the norm of %1 (the sub-layer&apos;s output) first:</source>
        <translation>先对 %1（子层的输出）做归一化：</translation>
    </message>
    <message>
        <source>residual sum: %1 + norm(%2) = %3 + %4 = %5</source>
        <translation>残差相加：%1 + norm(%2) = %3 + %4 = %5</translation>
    </message>
    <message>
        <source>gate: the row times W_gate plus b_gate at this column = %1</source>
        <translation>门：这一行乘以 W_gate 再加 b_gate，在这一列得 %1</translation>
    </message>
    <message>
        <source>up: the row times W_up plus b_up at this column = %1</source>
        <translation>上投影：这一行乘以 W_up 再加 b_up，在这一列得 %1</translation>
    </message>
</context>
<context>
    <name>BlockStageText</name>
    <message>
        <source>Residual stream in</source>
        <translation>输入残差流</translation>
    </message>
    <message>
        <source>Attention input</source>
        <translation>注意力输入</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>各个头</translation>
    </message>
    <message>
        <source>Heads side by side</source>
        <translation>各头并排</translation>
    </message>
    <message>
        <source>Attention output</source>
        <translation>注意力输出</translation>
    </message>
    <message>
        <source>After attention</source>
        <translation>注意力之后</translation>
    </message>
    <message>
        <source>MLP input</source>
        <translation>MLP 输入</translation>
    </message>
    <message>
        <source>MLP activation</source>
        <translation>MLP 激活</translation>
    </message>
    <message>
        <source>MLP output</source>
        <translation>MLP 输出</translation>
    </message>
    <message>
        <source>Residual stream out</source>
        <translation>输出残差流</translation>
    </message>
    <message>
        <source>The residual stream as this layer receives it: one row of numbers per token. Every layer reads it and adds its own results to it, so it carries everything the layers below have written.</source>
        <translation>这一层收到的残差流：每个词元一行数。每一层都读取它，并把自己的结果加进去，所以它带着下面各层写入的全部内容。</translation>
    </message>
    <message>
        <source>This model normalises after each sub-layer (post-norm, as BERT does), so attention reads the residual stream itself.</source>
        <translation>这个模型在每个子层之后才归一化（后归一化，BERT 就是这样），所以注意力直接读取残差流本身。</translation>
    </message>
    <message>
        <source>Every head mixes the rows of the attention input by its own weights. Click a head to open its Q, K, V, weights and context on the pipeline board.</source>
        <translation>每个头按自己的权重混合注意力输入的各行。点击一个头，即可在流程板上打开它的 Q、K、V、权重和上下文。</translation>
    </message>
    <message>
        <source>The context vectors of all heads placed next to each other, head 1 on the left. A switched-off head contributes zeros.</source>
        <translation>所有头的上下文向量并排放在一起，头 1 在最左边。已关闭的头贡献的是零。</translation>
    </message>
    <message>
        <source>One matrix W_O mixes the heads&apos; columns and brings them back to the width of the stream: this is what attention adds to the residual stream.</source>
        <translation>一个矩阵 W_O 混合各头的列，并把它们变回残差流的宽度：这就是注意力加到残差流上的内容。</translation>
    </message>
    <message>
        <source>The attention output is added to the stream, and the sum goes through LayerNorm straight away: post-norm.</source>
        <translation>注意力输出加到残差流上，和立刻经过 LayerNorm：这就是后归一化。</translation>
    </message>
    <message>
        <source>The residual connection: the attention output is simply added to the stream, cell by cell.</source>
        <translation>残差连接：把注意力输出逐个单元格地直接加到残差流上。</translation>
    </message>
    <message>
        <source>Under post-norm the MLP reads the normalised stream as it is after attention.</source>
        <translation>在后归一化中，MLP 直接读取注意力之后已归一化的残差流。</translation>
    </message>
    <message>
        <source>Before the MLP, a second %1 rescales each row of the stream, with weights of its own.</source>
        <translation>进入 MLP 之前，第二个 %1 用它自己的权重重新缩放残差流的每一行。</translation>
    </message>
    <message>
        <source>The MLP widens each row to %1 numbers and bends each one with %2: negative values are mostly cut away, positive ones pass.</source>
        <translation>MLP 把每一行加宽到 %1 个数，并用 %2 弯折每个数：负值大多被削去，正值通过。</translation>
    </message>
    <message>
        <source>The last matrix of the MLP brings the wide row back to the width of the stream.</source>
        <translation>MLP 的最后一个矩阵把加宽的行变回残差流的宽度。</translation>
    </message>
    <message>
        <source>The MLP output is added to the stream and the sum is normalised again; this is what the next layer receives.</source>
        <translation>MLP 输出加到残差流上，和再归一化一次；这就是下一层收到的内容。</translation>
    </message>
    <message>
        <source>The second residual connection: the MLP output is added to the stream. This is what the next layer receives.</source>
        <translation>第二个残差连接：把 MLP 输出加到残差流上。这就是下一层收到的内容。</translation>
    </message>
    <message>
        <source>The hidden state as this layer receives it: one row of numbers per token. This model normalises after each sub-layer (post-norm, as BERT does): each adds its result to the stream and the sum is normalised at once, so the stream is rescaled at every step rather than a running sum of what the layers below wrote.</source>
        <translation>这一层收到的隐藏状态：每个词元一行数。这个模型在每个子层之后归一化（后归一化，BERT 就是这样）：每个子层把结果加到残差流上，和立即被归一化，所以残差流每一步都被重新缩放，而不是下面各层写入内容的累加和。</translation>
    </message>
    <message>
        <source>Attention does not read the stream directly: LayerNorm first subtracts each token&apos;s row&apos;s mean and divides the row by its standard deviation, then multiplies each column by a learned weight γ and adds a bias β.</source>
        <translation>注意力并不直接读取残差流：LayerNorm 先从每个词元的一行中减去这一行的均值，再除以它的标准差，然后把每一列乘以学到的权重 γ，并加上偏置 β。</translation>
    </message>
    <message>
        <source>Attention does not read the stream directly: RMSNorm first divides each token&apos;s row by its root mean square (no mean is subtracted), then multiplies each column by a learned weight γ.</source>
        <translation>注意力并不直接读取残差流：RMSNorm 先把每个词元的一行除以它的均方根（不减去均值），再把每一列乘以学到的权重 γ。</translation>
    </message>
    <message>
        <source>Before the MLP, a second %1 centres and rescales each row of the stream, with weights of its own.</source>
        <translation>进入 MLP 之前，第二个 %1 用它自己的权重把残差流的每一行中心化并重新缩放。</translation>
    </message>
    <message>
        <source>Attention does not read the stream directly: RMSNorm first divides each token&apos;s row by its root mean square (no mean is subtracted), then multiplies each column by %1 + γ, a learned weight γ plus %1 (Gemma&apos;s input_layernorm): a weight of 0 leaves the row as it is.</source>
        <translation>注意力并不直接读取残差流：RMSNorm 先把每个词元的一行除以它的均方根（不减去均值），再把每一列乘以 %1 + γ，即学到的权重 γ 加上 %1（Gemma 的 input_layernorm）：权重为 0 时这一行保持不变。</translation>
    </message>
    <message>
        <source>Before it is added to the stream, the attention output goes through a norm of its own (Gemma&apos;s post_attention_layernorm, an RMSNorm with its own weights γ′, multiplying by 1 + γ′): the stream grows by rows of a controlled size, whatever attention produced.</source>
        <translation>注意力输出在加到残差流之前，先经过它自己的归一化（Gemma 的 post_attention_layernorm，一个带自己权重 γ′ 的 RMSNorm，乘以 1 + γ′）：无论注意力算出什么，残差流每次只增加大小受控的行。</translation>
    </message>
    <message>
        <source>Before the MLP, a second %1 rescales each row of the stream, with weights of its own, multiplying by %2 + γ (Gemma&apos;s pre_feedforward_layernorm).</source>
        <translation>进入 MLP 之前，第二个 %1 用它自己的权重重新缩放残差流的每一行，乘以 %2 + γ（Gemma 的 pre_feedforward_layernorm）。</translation>
    </message>
    <message>
        <source>The MLP output goes through a norm of its own first (Gemma&apos;s post_feedforward_layernorm, weights γ′, multiplying by 1 + γ′) and is then added to the stream; this is what the next layer receives.</source>
        <translation>MLP 的输出先经过它自己的归一化（Gemma 的 post_feedforward_layernorm，权重 γ′，乘以 1 + γ′），再加到残差流上；这就是下一层收到的内容。</translation>
    </message>
    <message>
        <source>The MLP widens each row to %1 numbers twice: a gate that goes through %2 and an up projection; their elementwise product is what the last matrix reads.</source>
        <translation>MLP 把每一行两次加宽到 %1 个数：一路是经过 %2 的门，一路是上投影；两者逐元素的乘积就是最后一个矩阵读取的内容。</translation>
    </message>
    <message>
        <source>M on sliding layers</source>
        <translation>滑动窗口层上的 M</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>give at most one scene file</source>
        <translation>最多只能给出一个场景文件</translation>
    </message>
    <message>
        <source>Try &apos;attnlab --help&apos;.</source>
        <translation>运行 &apos;attnlab --help&apos; 查看用法。</translation>
    </message>
    <message>
        <source>unknown language &quot;%1&quot;; use one of: %2</source>
        <translation>未知的语言“%1”；可用的语言：%2</translation>
    </message>
    <message>
        <source>Print every stage of the scene as JSON and exit.</source>
        <translation>以 JSON 格式输出场景的每一步结果，然后退出。</translation>
    </message>
    <message>
        <source>Check the scene file; print &quot;ok&quot; or its problems.</source>
        <translation>检查场景文件；输出“ok”或其中的问题。</translation>
    </message>
    <message>
        <source>Use the built-in example NAME instead of a file.</source>
        <translation>使用名为 NAME 的内置例子，而不是文件。</translation>
    </message>
    <message>
        <source>List the built-in examples and exit.</source>
        <translation>列出内置例子，然后退出。</translation>
    </message>
    <message>
        <source>Interface language: zh_CN or en (default: the system&apos;s).</source>
        <translation>界面语言：zh_CN 或 en（默认跟随系统）。</translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation>显示本帮助，然后退出。</translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation>显示版本号，然后退出。</translation>
    </message>
    <message>
        <source>Write the heatmaps of STAGES (comma-separated: X, Q, K, V, scores, scaled, masked, weights, context, concat, output, or board for all) to the --out file, with no window.</source>
        <translation>把 STAGES 的热力图写入 --out 指定的文件，不打开窗口。STAGES 用逗号分隔：X, Q, K, V, scores, scaled, masked, weights, context, concat, output；或用 board 表示全部。</translation>
    </message>
    <message>
        <source>With --export: the head to show, counted from 1 (default 1). With --model: the head of --layer.</source>
        <translation>与 --export 一起：要显示的头，从 1 开始数（默认 1）。与 --model 一起：--layer 那一层中的头。</translation>
    </message>
    <message>
        <source>With --export: pixels per logical pixel of a PNG (default 2).</source>
        <translation>与 --export 一起使用：PNG 图像每个逻辑像素对应的像素数（默认 2）。</translation>
    </message>
    <message>
        <source>With --export: light, dark, print or high-contrast.</source>
        <translation>与 --export 一起使用：light（浅色）、dark（深色）、print（打印）或 high-contrast（高对比度）。</translation>
    </message>
    <message>
        <source>With --export: the weights&apos; map: viridis, cividis or grayscale.</source>
        <translation>与 --export 一起使用：权重热力图的配色：viridis、cividis 或 grayscale（灰度）。</translation>
    </message>
    <message>
        <source>Render the figure of experiment NAME (sqrt-dk) to --out, with no window.</source>
        <translation>把名为 NAME 的实验（sqrt-dk）的图写入 --out 指定的文件，不打开窗口。</translation>
    </message>
    <message>
        <source>With --model: the text the model reads.</source>
        <translation>与 --model 一起：模型读入的文本。</translation>
    </message>
    <message>
        <source>With --model: the layer of the head, counted from 1.</source>
        <translation>与 --model 一起：头所在的层，从 1 开始数。</translation>
    </message>
    <message>
        <source>Do not offer the scenes a crashed or killed Attention Lab left unsaved (they are kept for a later start).</source>
        <translation>不提示恢复崩溃或被终止的注意力实验室留下的未保存场景（恢复副本保留到以后启动时）。</translation>
    </message>
    <message>
        <source>Attention Lab: step through self-attention, edit every number, export the heatmaps.</source>
        <translation>注意力实验室：逐步演示自注意力，可修改每一个数，并导出热力图。</translation>
    </message>
    <message>
        <source>A scene file (.attn.json); &quot;-&quot; reads standard input.</source>
        <translation>场景文件（.attn.json）；“-”表示从标准输入读取。</translation>
    </message>
    <message>
        <source>choose one of --dump and --validate</source>
        <translation>--dump 和 --validate 只能选一个</translation>
    </message>
    <message>
        <source>--%1 does not go with %2</source>
        <translation>--%1 不能与 %2 一起使用</translation>
    </message>
    <message>
        <source>cannot write to standard output</source>
        <translation>无法写入标准输出</translation>
    </message>
    <message>
        <source>give either a scene file or --example, not both</source>
        <translation>请给出场景文件或 --example，二者只能选一</translation>
    </message>
    <message>
        <source>needs a scene file (or - for standard input, or --example NAME)</source>
        <translation>需要一个场景文件（或用 - 表示标准输入，或用 --example NAME）</translation>
    </message>
    <message>
        <source>With --export or --experiment: the image to write (%1). With --model alone: the scene file (.attn.json) to save the head to.</source>
        <translation>与 --export 或 --experiment 一起：要写出的图片（%1）。只与 --model 一起：保存该头的场景文件（.attn.json）。</translation>
    </message>
    <message>
        <source>With --experiment: seed of the random samples (default 1). With --generate: seed of the sampling (default: a new one each run).</source>
        <translation>与 --experiment 一起使用：随机样本的种子（默认 1）。与 --generate 一起使用：采样的种子（默认每次运行都不同）。</translation>
    </message>
    <message>
        <source>With --model and --text: generate the text&apos;s continuation token by token (with the KV cache) and print the tokens as JSON.</source>
        <translation>与 --model 和 --text 一起使用：逐个词元地生成文本的续写（使用 KV 缓存），并以 JSON 输出这些词元。</translation>
    </message>
    <message>
        <source>With --generate: divide the logits by X and sample (default 0: always the most likely token).</source>
        <translation>与 --generate 一起使用：把 logits 除以 X 后采样（默认 0：总是取最可能的词元）。</translation>
    </message>
    <message>
        <source>With --generate: sample only from the K most likely tokens (default 0: all).</source>
        <translation>与 --generate 一起使用：只从最可能的 K 个词元中采样（默认 0：全部）。</translation>
    </message>
    <message>
        <source>With --predict or --lens: how many tokens to list (default 10).</source>
        <translation>与 --predict 或 --lens 一起：列出多少个词元（默认 10）。</translation>
    </message>
    <message>
        <source>With --model and --text: print the logit lens as JSON: what the model would predict after each layer (0 = the embeddings).</source>
        <translation>与 --model 和 --text 一起：以 JSON 输出 logit 透镜：模型若在每一层之后停下会预测什么（0 = 嵌入）。</translation>
    </message>
    <message>
        <source>With --model and --text: print how much the embeddings, each head, each MLP and the biases add to the predicted token&apos;s logit, as JSON.</source>
        <translation>与 --model 和 --text 一起：以 JSON 输出嵌入、每个头、每个 MLP 和偏置各为预测词元的 logit 贡献了多少。</translation>
    </message>
    <message>
        <source>With --attribute: the token id to explain (default: the predicted token).</source>
        <translation>与 --attribute 一起：要解释的词元编号（默认：预测出的词元）。</translation>
    </message>
    <message>
        <source>With --dump, --model, --text and --layer: print every stage of that whole layer (norms, attention, MLP, residual) instead of one head.</source>
        <translation>与 --dump、--model、--text 和 --layer 一起：输出这一整层的每个阶段（归一化、注意力、MLP、残差），而不是单个头。</translation>
    </message>
    <message>
        <source>Print FlashAttention&apos;s pass over one head as JSON, tile by tile (running maximum, sum and accumulator), with the output beside the textbook&apos;s softmax(QK^T)V; the head of --model, --text, --layer and --head, or of a scene (--example, FILE, --head).</source>
        <translation>以 JSON 输出 FlashAttention 对一个头的逐块计算（运行最大值、运行和与累加器），并把结果与教科书的 softmax(QK^T)V 并列；头由 --model、--text、--layer 和 --head 指定，或来自场景（--example、FILE、--head）。</translation>
    </message>
    <message>
        <source>With --flash-trace: query rows per tile (default 4).</source>
        <translation>与 --flash-trace 一起用：每块的查询行数（默认 4）。</translation>
    </message>
    <message>
        <source>With --flash-trace: key columns per tile (default 4).</source>
        <translation>与 --flash-trace 一起用：每块的键列数（默认 4）。</translation>
    </message>
    <message>
        <source>With --model: print the size of the model&apos;s KV cache as JSON: bytes per token and for --tokens tokens.</source>
        <translation>与 --model 一起用：以 JSON 输出模型 KV 缓存的大小：每个词元的字节数，以及 --tokens 个词元的字节数。</translation>
    </message>
    <message>
        <source>With --kv-report: how many tokens the cache holds (default: the longest text the model takes).</source>
        <translation>与 --kv-report 一起用：缓存保存的词元数（默认：模型能读的最长文本）。</translation>
    </message>
    <message>
        <source>With --predict or --generate: switch heads off, e.g. 5.1,6.3 (layer.head, counted from 1).</source>
        <translation>与 --predict 或 --generate 一起：关闭这些头，例如 5.1,6.3（层.头，从 1 开始数）。</translation>
    </message>
    <message>
        <source>With --generate: sample only from the fewest most likely tokens whose probabilities add up to at least P (default 1: all).</source>
        <translation>与 --generate 一起使用：只从概率之和至少为 P 的最少的一组最可能词元中采样（默认 1：全部）。</translation>
    </message>
    <message>
        <source>With --generate: evict from the KV cache all but the last W tokens, so each token attends only to them (default: keep every token).</source>
        <translation>与 --generate 一起用：KV 缓存只保留最后 W 个词元，其余逐出，每个词元只能关注它们（默认：保留全部词元）。</translation>
    </message>
    <message>
        <source>With --kv-window: also keep the first S tokens as attention sinks, as StreamingLLM does (default 0).</source>
        <translation>与 --kv-window 一起用：另外保留前 S 个词元作为注意力汇点，和 StreamingLLM 一样（默认 0）。</translation>
    </message>
    <message>
        <source>With --generate: speculative decoding with this smaller model (same vocabulary) proposing tokens that --model checks; the text is --model&apos;s own.</source>
        <translation>与 --generate 一起用：投机解码，由这个较小的模型（词表相同）提出词元，--model 检查它们；生成的文本仍是 --model 自己的。</translation>
    </message>
    <message>
        <source>With --draft: how many tokens the draft proposes per step (default 4).</source>
        <translation>与 --draft 一起用：草稿模型每一步提出多少个词元（默认 4）。</translation>
    </message>
    <message>
        <source>With --generate or --translate: how many tokens to generate at most (default 20, --translate 64); it stops earlier after an end-of-sequence token.</source>
        <translation>与 --generate 或 --translate 一起使用：最多生成多少个词元（默认 20，--translate 为 64）；生成结束符词元后会提前停止。</translation>
    </message>
    <message>
        <source>With --model and --text: translate the text with an encoder-decoder model (Marian, opus-mt), greedily, and print the source ids, the generated tokens and the text as JSON.</source>
        <translation>与 --model 和 --text 一起使用：用编码器-解码器模型（Marian、opus-mt）以贪心解码翻译文本，并以 JSON 输出源文本的 id、生成的词元和译文。</translation>
    </message>
    <message>
        <source>With --dump or --predict and an encoder-decoder --model: the translation so far, which the decoder reads after its start token while the encoder reads --text.</source>
        <translation>与 --dump 或 --predict 及编码器-解码器 --model 一起使用：目前为止的译文，解码器在起始词元之后读取它，编码器读取 --text。</translation>
    </message>
    <message>
        <source>With --dump and --target-text: the attention of the head of --layer and --head: encoder, decoder or cross (the decoder&apos;s attention over the encoder&apos;s output).</source>
        <translation>与 --dump 和 --target-text 一起使用：--layer 和 --head 所选注意力头的种类：encoder、decoder 或 cross（解码器对编码器输出的注意力）。</translation>
    </message>
    <message>
        <source>With --generate: divide the logit of every token already in the text by R (multiply it when negative), as transformers does; 1 is off (default: generation_config.json&apos;s, else 1).</source>
        <translation>与 --generate 一起用：把文本中已出现的每个词元的 logit 除以 R（为负时乘以 R），与 transformers 相同；1 表示关闭（默认：generation_config.json 中的值，没有则为 1）。</translation>
    </message>
    <message>
        <source>List the models on this machine (Hugging Face cache, Ollama store, LM Studio) as JSON and exit.</source>
        <translation>以 JSON 列出本机已有的模型（Hugging Face 缓存、Ollama 模型库、LM Studio），然后退出。</translation>
    </message>
    <message>
        <source>A model: a folder as the Hugging Face hub stores it (config.json, model.safetensors, tokenizer.json), a hub id in the local cache, a .gguf file or an Ollama NAME:TAG: opens it in the window, or is the scene source of --dump, --export, --out and --predict.</source>
        <translation>一个模型：按 Hugging Face Hub 方式存放的文件夹（config.json、model.safetensors、tokenizer.json）、本地缓存中的 Hub ID、一个 .gguf 文件或 Ollama 的 名称:标签：在窗口中打开它，或作为 --dump、--export、--out 和 --predict 的场景来源。</translation>
    </message>
    <message>
        <source>With --model and --text: print the model&apos;s most likely next tokens (a causal model: GPT-2, Qwen2/3, Llama, Gemma …) or fillers of the first [MASK] (BERT) as JSON.</source>
        <translation>与 --model 和 --text 一起：以 JSON 输出模型最可能的下一个词元（因果模型：GPT-2、Qwen2/3、Llama、Gemma 等）或第一个 [MASK] 处最可能的填充（BERT）。</translation>
    </message>
    <message>
        <source>With --generate: send the text as a user&apos;s turn through the model&apos;s chat template (tokenizer_config.json, or a GGUF file&apos;s tokenizer.chat_template), so a chat model answers it.</source>
        <translation>与 --generate 同用：把文本作为用户的一轮对话，套进模型的对话模板（tokenizer_config.json，或 GGUF 文件的 tokenizer.chat_template），让对话模型来回答。</translation>
    </message>
</context>
<context>
    <name>CoreMessage</name>
    <message>
        <source>null</source>
        <translation>null（空值）</translation>
    </message>
    <message>
        <source>true/false</source>
        <translation>true/false（布尔值）</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>invalid JSON: %1</source>
        <translation>JSON 无效：%1</translation>
    </message>
    <message>
        <source>invalid JSON</source>
        <translation>JSON 无效</translation>
    </message>
    <message>
        <source>invalid JSON: nested deeper than the limit of %1 levels</source>
        <translation>JSON 无效：嵌套超过 %1 层的上限</translation>
    </message>
    <message>
        <source>the text is %1 bytes long, more than the limit of %2</source>
        <translation>文本长 %1 字节，超过上限 %2</translation>
    </message>
    <message>
        <source>the text holds more than %1 values (numbers, strings, arrays and objects), the limit</source>
        <translation>文本含有超过 %1 个值（数字、字符串、数组和对象），超出上限</translation>
    </message>
    <message>
        <source>the key %1 appears more than once</source>
        <translation>键 %1 出现了不止一次</translation>
    </message>
    <message>
        <source>the whole number %1 is too large (the largest is 18446744073709551615)</source>
        <translation>整数 %1 太大（最大为 18446744073709551615）</translation>
    </message>
    <message>
        <source>syntax error while parsing %1 - %2</source>
        <translation>解析%1时出现语法错误 - %2</translation>
    </message>
    <message>
        <source>syntax error - %1</source>
        <translation>语法错误 - %1</translation>
    </message>
    <message>
        <source>unexpected %1</source>
        <translation>意外的%1</translation>
    </message>
    <message>
        <source>unexpected %1; expected %2</source>
        <translation>意外的%1；应为%2</translation>
    </message>
    <message>
        <source>%1; last read: %2</source>
        <translation>%1；最后读到：%2</translation>
    </message>
    <message>
        <source>%1; last read: %2; expected %3</source>
        <translation>%1；最后读到：%2；应为%3</translation>
    </message>
    <message>
        <source>number overflow parsing %1</source>
        <translation>解析 %1 时数值溢出</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>object key</source>
        <translation>对象的键</translation>
    </message>
    <message>
        <source>object separator</source>
        <translation>对象的冒号分隔符</translation>
    </message>
    <message>
        <source>&lt;uninitialized&gt;</source>
        <translation>&lt;未初始化&gt;</translation>
    </message>
    <message>
        <source>true literal</source>
        <translation>字面量 true</translation>
    </message>
    <message>
        <source>false literal</source>
        <translation>字面量 false</translation>
    </message>
    <message>
        <source>null literal</source>
        <translation>字面量 null</translation>
    </message>
    <message>
        <source>string literal</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>number literal</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>&lt;parse error&gt;</source>
        <translation>&lt;解析错误&gt;</translation>
    </message>
    <message>
        <source>end of input</source>
        <translation>输入结尾</translation>
    </message>
    <message>
        <source>&apos;[&apos;, &apos;{&apos;, or a literal</source>
        <translation>&apos;[&apos;、&apos;{&apos; 或字面量</translation>
    </message>
    <message>
        <source>unknown token</source>
        <translation>未知记号</translation>
    </message>
    <message>
        <source>invalid BOM; must be 0xEF 0xBB 0xBF if given</source>
        <translation>BOM 无效；如有 BOM 必须是 0xEF 0xBB 0xBF</translation>
    </message>
    <message>
        <source>invalid comment; expecting &apos;/&apos; or &apos;*&apos; after &apos;/&apos;</source>
        <translation>注释无效；&apos;/&apos; 后应为 &apos;/&apos; 或 &apos;*&apos;</translation>
    </message>
    <message>
        <source>invalid comment; missing closing &apos;*/&apos;</source>
        <translation>注释无效；缺少结尾的 &apos;*/&apos;</translation>
    </message>
    <message>
        <source>invalid literal</source>
        <translation>字面量无效</translation>
    </message>
    <message>
        <source>invalid number; expected digit after &apos;-&apos;</source>
        <translation>数字无效；&apos;-&apos; 后应为数字</translation>
    </message>
    <message>
        <source>invalid number; expected digit after &apos;.&apos;</source>
        <translation>数字无效；&apos;.&apos; 后应为数字</translation>
    </message>
    <message>
        <source>invalid number; expected digit after exponent sign</source>
        <translation>数字无效；指数符号后应为数字</translation>
    </message>
    <message>
        <source>invalid string: &apos;\u&apos; must be followed by 4 hex digits</source>
        <translation>字符串无效：&apos;\u&apos; 后必须跟 4 位十六进制数字</translation>
    </message>
    <message>
        <source>invalid string: forbidden character after backslash</source>
        <translation>字符串无效：反斜杠后是不允许的字符</translation>
    </message>
    <message>
        <source>invalid string: ill-formed UTF-8 byte</source>
        <translation>字符串无效：UTF-8 字节格式错误</translation>
    </message>
    <message>
        <source>invalid string: missing closing quote</source>
        <translation>字符串无效：缺少结尾的引号</translation>
    </message>
    <message>
        <source>invalid string: surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF</source>
        <translation>字符串无效：代理项 U+D800..U+DBFF 之后必须跟 U+DC00..U+DFFF</translation>
    </message>
    <message>
        <source>invalid string: surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF</source>
        <translation>字符串无效：代理项 U+DC00..U+DFFF 必须跟在 U+D800..U+DBFF 之后</translation>
    </message>
    <message>
        <source>invalid string: control character %1 must be escaped to %2</source>
        <translation>字符串无效：控制字符 %1 必须转义为 %2</translation>
    </message>
    <message>
        <source>invalid string: control character %1 must be escaped to %2 or %3</source>
        <translation>字符串无效：控制字符 %1 必须转义为 %2 或 %3</translation>
    </message>
    <message>
        <source>cannot open the file: %1</source>
        <translation>无法打开文件：%1</translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>cannot read the file (is it a folder?)</source>
        <translation>无法读取文件（它是文件夹吗？）</translation>
    </message>
    <message>
        <source>the file is %1 MiB, larger than the limit of %2 MiB</source>
        <translation>文件大小为 %1 MiB，超过 %2 MiB 的上限</translation>
    </message>
    <message>
        <source>the file is larger than the limit of %1 MiB</source>
        <translation>文件超过 %1 MiB 的上限</translation>
    </message>
    <message>
        <source>the input is larger than the limit of %1 MiB</source>
        <translation>输入超过 %1 MiB 的上限</translation>
    </message>
    <message>
        <source>is a folder, not a scene file</source>
        <translation>是文件夹，不是场景文件</translation>
    </message>
    <message>
        <source>expected a JSON object at the top, got %1</source>
        <translation>顶层应为 JSON 对象，实际是%1</translation>
    </message>
    <message>
        <source>and %1 more problems</source>
        <translation>另有 %1 个问题</translation>
    </message>
    <message>
        <source>expected a number, got %1</source>
        <translation>应为数字，实际是%1</translation>
    </message>
    <message>
        <source>must be a finite number</source>
        <translation>必须是有限数</translation>
    </message>
    <message>
        <source>must lie between -1000000 and 1000000</source>
        <translation>必须在 -1000000 与 1000000 之间</translation>
    </message>
    <message>
        <source>expected a whole number, got %1</source>
        <translation>应为整数，实际是%1</translation>
    </message>
    <message>
        <source>is %1, more than the limit of %2</source>
        <translation>为 %1，超过上限 %2</translation>
    </message>
    <message>
        <source>must be at least %1</source>
        <translation>至少应为 %1</translation>
    </message>
    <message>
        <source>expected a string, got %1</source>
        <translation>应为字符串，实际是%1</translation>
    </message>
    <message>
        <source>expected an array of numbers, got %1</source>
        <translation>应为数字数组，实际是%1</translation>
    </message>
    <message>
        <source>expected an array of rows, got %1</source>
        <translation>应为由行组成的数组，实际是%1</translation>
    </message>
    <message>
        <source>must have at least one row</source>
        <translation>至少要有一行</translation>
    </message>
    <message>
        <source>a row must have at least one number</source>
        <translation>每行至少要有一个数</translation>
    </message>
    <message>
        <source>has %1 numbers, but row 0 has %2</source>
        <translation>有 %1 个数，但第 0 行有 %2 个</translation>
    </message>
    <message>
        <source>must be 0 (hidden) or 1 (visible)</source>
        <translation>必须是 0（遮住）或 1（可见）</translation>
    </message>
    <message>
        <source>is missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>expected &quot;%1&quot;, got &quot;%2&quot;</source>
        <translation>应为“%1”，实际是“%2”</translation>
    </message>
    <message>
        <source>this file has version %1; this Attention Lab reads version %2</source>
        <translation>此文件的版本为 %1；本注意力实验室读取版本 %2</translation>
    </message>
    <message>
        <source>expected a string or an object of language → text, got %1</source>
        <translation>应为字符串或“语言 → 文本”对象，实际是%1</translation>
    </message>
    <message>
        <source>expected an array of strings, got %1</source>
        <translation>应为字符串数组，实际是%1</translation>
    </message>
    <message>
        <source>has %1 tokens, more than the limit of %2</source>
        <translation>有 %1 个词元，超过上限 %2</translation>
    </message>
    <message>
        <source>a token must not be empty</source>
        <translation>词元不能为空</translation>
    </message>
    <message>
        <source>expected &quot;none&quot;, &quot;sinusoidal&quot; or &quot;rope&quot;, got &quot;%1&quot;</source>
        <translation>应为 &quot;none&quot;、&quot;sinusoidal&quot; 或 &quot;rope&quot;，实际是“%1”</translation>
    </message>
    <message>
        <source>expected &quot;sqrt_dk&quot;, &quot;none&quot; or a positive number, got %1</source>
        <translation>应为 &quot;sqrt_dk&quot;、&quot;none&quot; 或正数，实际是%1</translation>
    </message>
    <message>
        <source>a divisor must be at least 0.001</source>
        <translation>除数至少为 0.001</translation>
    </message>
    <message>
        <source>expected &quot;none&quot;, &quot;causal&quot; or an n×n matrix of 0/1, got %1</source>
        <translation>应为 &quot;none&quot;、&quot;causal&quot; 或由 0/1 组成的 n×n 矩阵，实际是%1</translation>
    </message>
    <message>
        <source>expected an object with &quot;Q&quot;, &quot;K&quot; and &quot;V&quot;, got %1</source>
        <translation>应为含 &quot;Q&quot;、&quot;K&quot;、&quot;V&quot; 的对象，实际是%1</translation>
    </message>
    <message>
        <source>unknown key (expected &quot;Q&quot;, &quot;K&quot; and &quot;V&quot;)</source>
        <translation>未知的键（应为 &quot;Q&quot;、&quot;K&quot;、&quot;V&quot;）</translation>
    </message>
    <message>
        <source>is missing (or give &quot;direct&quot;: {&quot;Q&quot;, &quot;K&quot;, &quot;V&quot;} instead)</source>
        <translation>缺失（或改为给出 &quot;direct&quot;: {&quot;Q&quot;, &quot;K&quot;, &quot;V&quot;}）</translation>
    </message>
    <message>
        <source>is missing (or give &quot;X&quot;, one row per token)</source>
        <translation>缺失（或给出 &quot;X&quot;，每个词元一行）</translation>
    </message>
    <message>
        <source>expected an object mapping each token to its vector, got %1</source>
        <translation>应为把每个词元映射到其向量的对象，实际是%1</translation>
    </message>
    <message>
        <source>has %1 numbers, but d_model is %2</source>
        <translation>有 %1 个数，但 d_model 为 %2</translation>
    </message>
    <message>
        <source>must have at least one number (leave the key out for no bias)</source>
        <translation>至少要有一个数（不要偏置时请省略此键）</translation>
    </message>
    <message>
        <source>unknown key</source>
        <translation>未知的键</translation>
    </message>
    <message>
        <source>does not belong in a direct-mode scene (&quot;direct&quot; replaces the embeddings and weights)</source>
        <translation>不应出现在直接模式的场景中（&quot;direct&quot; 取代了嵌入和权重）</translation>
    </message>
    <message>
        <source>expected a %1 matrix (%2), got %3</source>
        <translation>应为 %1 矩阵（%2），实际是 %3</translation>
    </message>
    <message>
        <source>expected %1 numbers (%2), got %3</source>
        <translation>应有 %1 个数（%2），实际有 %3 个</translation>
    </message>
    <message>
        <source>cannot be given together with &quot;X&quot;: X replaces the embedding lookup</source>
        <translation>不能与 &quot;X&quot; 同时给出：X 取代了嵌入查表</translation>
    </message>
    <message>
        <source>one row per token, d_model = %1 wide</source>
        <translation>每个词元一行，宽 d_model = %1</translation>
    </message>
    <message>
        <source>one per column of W_Q, W_K and W_V: heads·d_k = %1</source>
        <translation>W_Q、W_K、W_V 每列一个：heads·d_k = %1</translation>
    </message>
    <message>
        <source>one per column of W_O: d_model = %1</source>
        <translation>W_O 每列一个：d_model = %1</translation>
    </message>
    <message>
        <source>needs &quot;W_O&quot;: the output bias is added after the output projection</source>
        <translation>需要 &quot;W_O&quot;：输出偏置在输出投影之后才加上</translation>
    </message>
    <message>
        <source>%1 is %2, more than the limit of %3</source>
        <translation>%1 为 %2，超过上限 %3</translation>
    </message>
    <message>
        <source>the number of tokens</source>
        <translation>词元数</translation>
    </message>
    <message>
        <source>the number of heads</source>
        <translation>头数</translation>
    </message>
    <message>
        <source>heads × d_k</source>
        <translation>头数 × d_k</translation>
    </message>
    <message>
        <source>needs at least one column</source>
        <translation>至少要有一列</translation>
    </message>
    <message>
        <source>one row per token</source>
        <translation>每个词元一行</translation>
    </message>
    <message>
        <source>one row per token, as wide as Q</source>
        <translation>每个词元一行，与 Q 同宽</translation>
    </message>
    <message>
        <source>&quot;sinusoidal&quot; adds to X, which direct mode does not have; use &quot;none&quot; or &quot;rope&quot;</source>
        <translation>&quot;sinusoidal&quot; 加在 X 上，而直接模式没有 X；请用 &quot;none&quot; 或 &quot;rope&quot;</translation>
    </message>
    <message>
        <source>does not belong in a direct-mode scene (&quot;direct&quot; gives Q, K and V themselves)</source>
        <translation>不应出现在直接模式的场景中（&quot;direct&quot; 直接给出 Q、K、V）</translation>
    </message>
    <message>
        <source>expected %1 rows of length d_model = %2</source>
        <translation>应有 %1 行，每行长 d_model = %2</translation>
    </message>
    <message>
        <source>appears twice</source>
        <translation>出现了两次</translation>
    </message>
    <message>
        <source>token &quot;%1&quot; has no row in &quot;embeddings&quot;</source>
        <translation>词元“%1”在 &quot;embeddings&quot; 中没有对应的行</translation>
    </message>
    <message>
        <source>d_model × heads·d_k = %1</source>
        <translation>d_model × heads·d_k = %1</translation>
    </message>
    <message>
        <source>heads·d_k × d_model = %1</source>
        <translation>heads·d_k × d_model = %1</translation>
    </message>
    <message>
        <source>is required when there is more than one head</source>
        <translation>多于一个头时必须给出</translation>
    </message>
    <message>
        <source>rotary positions (&quot;rope&quot;) rotate pairs of dimensions, so d_k must be even; it is %1</source>
        <translation>旋转位置编码（&quot;rope&quot;）成对旋转维度，所以 d_k 必须是偶数；现在是 %1</translation>
    </message>
    <message>
        <source>a custom divisor must be a number between 0.001 and 1000000</source>
        <translation>自定义除数必须在 0.001 与 1000000 之间</translation>
    </message>
    <message>
        <source>expected a %1 matrix (tokens × tokens), got %2</source>
        <translation>应为 %1 矩阵（词元 × 词元），实际是 %2</translation>
    </message>
    <message>
        <source>must be 0 or 1</source>
        <translation>必须是 0 或 1</translation>
    </message>
    <message>
        <source>this scene would need %1 MiB for its stages, more than the limit of %2 MiB</source>
        <translation>此场景的各阶段需要 %1 MiB，超过 %2 MiB 的上限</translation>
    </message>
    <message>
        <source>needs at least one token</source>
        <translation>至少要有一个词元</translation>
    </message>
    <message>
        <source>no numbers</source>
        <translation>没有数字</translation>
    </message>
    <message>
        <source>line %1, value %2: &quot;%3&quot; is not a number</source>
        <translation>第 %1 行第 %2 个值：“%3”不是数字</translation>
    </message>
    <message>
        <source>line %1 has %2 values, but the first row has %3</source>
        <translation>第 %1 行有 %2 个值，但第一行有 %3 个</translation>
    </message>
    <message>
        <source>line %1, value %2: %3 is not a finite number within ±1e6</source>
        <translation>第 %1 行第 %2 个值：%3 不是 ±1e6 以内的有限数</translation>
    </message>
    <message>
        <source>more than %1 values</source>
        <translation>超过 %1 个值</translation>
    </message>
    <message>
        <source>not a NumPy .npy file (the magic string \x93NUMPY is missing)</source>
        <translation>不是 NumPy .npy 文件（缺少魔数 \x93NUMPY）</translation>
    </message>
    <message>
        <source>the .npy header is cut short</source>
        <translation>.npy 头部不完整</translation>
    </message>
    <message>
        <source>unsupported .npy format version %1</source>
        <translation>不支持的 .npy 格式版本 %1</translation>
    </message>
    <message>
        <source>the .npy header is longer than the file</source>
        <translation>.npy 头部比文件还长</translation>
    </message>
    <message>
        <source>dtype %1 is not supported: save as float32 or float64 (little-endian)</source>
        <translation>不支持数据类型 %1：请保存为 float32 或 float64（小端序）</translation>
    </message>
    <message>
        <source>(missing)</source>
        <translation>（缺失）</translation>
    </message>
    <message>
        <source>Fortran-order arrays are not supported: save with np.ascontiguousarray</source>
        <translation>不支持 Fortran 顺序的数组：请用 np.ascontiguousarray 保存</translation>
    </message>
    <message>
        <source>the .npy header has no shape</source>
        <translation>.npy 头部没有形状</translation>
    </message>
    <message>
        <source>the array is larger than %1 values</source>
        <translation>数组超过 %1 个值</translation>
    </message>
    <message>
        <source>the .npy shape %1 is not a list of sizes</source>
        <translation>.npy 形状 %1 不是尺寸列表</translation>
    </message>
    <message>
        <source>a matrix needs a 1-D or 2-D array; this one has shape %1</source>
        <translation>矩阵需要一维或二维数组；这个数组的形状是 %1</translation>
    </message>
    <message>
        <source>the array is empty (shape %1)</source>
        <translation>数组为空（形状 %1）</translation>
    </message>
    <message>
        <source>the data is %1 bytes, but shape %2 needs %3</source>
        <translation>数据有 %1 字节，但形状 %2 需要 %3 字节</translation>
    </message>
    <message>
        <source>value [%1][%2] is not a finite number within ±1e6</source>
        <translation>值 [%1][%2] 不是 ±1e6 以内的有限数</translation>
    </message>
    <message>
        <source>X is given (a head from a model), and the model&apos;s own positions are already in it</source>
        <translation>给出了 X（来自模型的头），模型自己的位置信息已经在其中</translation>
    </message>
    <message>
        <source>sinusoidal positions are added to X, which a scene in direct mode does not have</source>
        <translation>正弦位置编码加在 X 上，而直接模式的场景没有 X</translation>
    </message>
    <message>
        <source>rotary positions need an even d_k; this scene has d_k = %1</source>
        <translation>旋转位置编码需要偶数的 d_k；此场景的 d_k = %1</translation>
    </message>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>cannot be read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>cannot map the file: %1</source>
        <translation>无法映射文件：%1</translation>
    </message>
    <message>
        <source>the file has %1 bytes, too few for the 8-byte header length</source>
        <translation>文件只有 %1 字节，不够放 8 字节的头部长度</translation>
    </message>
    <message>
        <source>header length %1 exceeds the limit of %2 bytes</source>
        <translation>头部长度 %1 超过 %2 字节的上限</translation>
    </message>
    <message>
        <source>header length %1 exceeds the file (%2 bytes after the length field)</source>
        <translation>头部长度 %1 超出了文件（长度字段之后只有 %2 字节）</translation>
    </message>
    <message>
        <source>the header is not a JSON object</source>
        <translation>头部不是 JSON 对象</translation>
    </message>
    <message>
        <source>%1 is incomplete: %2 of %3 — was the download interrupted? (%4)</source>
        <translation>%1 不完整：只有 %2，应有 %3——是不是下载中断了？（%4）</translation>
    </message>
    <message>
        <source>%1 is incomplete: it has %2, but its header alone takes %3 — was the download interrupted? (%4)</source>
        <translation>%1 不完整：文件只有 %2，光是头部就要 %3——是不是下载中断了？（%4）</translation>
    </message>
    <message>
        <source>&quot;__metadata__&quot; must be an object of strings</source>
        <translation>&quot;__metadata__&quot; 必须是由字符串组成的对象</translation>
    </message>
    <message>
        <source>&quot;__metadata__&quot;: %1 must be a string</source>
        <translation>&quot;__metadata__&quot;：%1 必须是字符串</translation>
    </message>
    <message>
        <source>tensor %1: %2</source>
        <translation>张量 %1：%2</translation>
    </message>
    <message>
        <source>the entry must be an object</source>
        <translation>条目必须是对象</translation>
    </message>
    <message>
        <source>&quot;dtype&quot; is missing or not a string</source>
        <translation>&quot;dtype&quot; 缺失或不是字符串</translation>
    </message>
    <message>
        <source>&quot;shape&quot; is missing or not an array</source>
        <translation>&quot;shape&quot; 缺失或不是数组</translation>
    </message>
    <message>
        <source>&quot;shape&quot; %1 is not a non-negative integer</source>
        <translation>&quot;shape&quot; 中的 %1 不是非负整数</translation>
    </message>
    <message>
        <source>&quot;shape&quot; %1 has more elements than 2^64</source>
        <translation>&quot;shape&quot; %1 的元素个数超过 2^64</translation>
    </message>
    <message>
        <source>&quot;data_offsets&quot; must be two non-negative integers</source>
        <translation>&quot;data_offsets&quot; 必须是两个非负整数</translation>
    </message>
    <message>
        <source>data_offsets %1 end before they begin</source>
        <translation>data_offsets %1 的结尾在开头之前</translation>
    </message>
    <message>
        <source>data_offsets %1 exceed the data section (%2 bytes)</source>
        <translation>data_offsets %1 超出了数据区（%2 字节）</translation>
    </message>
    <message>
        <source>shape %1 of %2 needs more bytes than 2^64</source>
        <translation>%2 类型、形状为 %1 的张量需要的字节数超过 2^64</translation>
    </message>
    <message>
        <source>shape %1 of %2 needs %3 bytes but data_offsets %4 hold %5</source>
        <translation>%2 类型、形状为 %1 的张量需要 %3 字节，但 data_offsets %4 只有 %5 字节</translation>
    </message>
    <message>
        <source>data_offsets %1 overlap tensor %2 %3</source>
        <translation>data_offsets %1 与张量 %2 的 %3 重叠</translation>
    </message>
    <message>
        <source>bytes %1 of the data section belong to no tensor</source>
        <translation>数据区的字节 %1 不属于任何张量</translation>
    </message>
    <message>
        <source>tensor %1 has dtype %2; only F32, F16 and BF16 can be read</source>
        <translation>张量 %1 的数据类型为 %2；只能读取 F32、F16 和 BF16</translation>
    </message>
    <message>
        <source>&quot;%1&quot; %2</source>
        <translation>&quot;%1&quot; %2</translation>
    </message>
    <message>
        <source>must be a positive integer (got %1)</source>
        <translation>必须是正整数（实际是 %1）</translation>
    </message>
    <message>
        <source>is %1, above the supported maximum of %2</source>
        <translation>为 %1，超过支持的最大值 %2</translation>
    </message>
    <message>
        <source>must be a number between 1e-30 and 1 (got %1)</source>
        <translation>必须是 1e-30 到 1 之间的数（实际是 %1）</translation>
    </message>
    <message>
        <source>must be a string (got %1)</source>
        <translation>必须是字符串（实际是 %1）</translation>
    </message>
    <message>
        <source>must be true or false (got %1)</source>
        <translation>必须是 true 或 false（实际是 %1）</translation>
    </message>
    <message>
        <source>= %1 is not supported</source>
        <translation>= %1 不受支持</translation>
    </message>
    <message>
        <source>%1 is not supported (only &quot;absolute&quot;)</source>
        <translation>%1 不受支持（只支持 &quot;absolute&quot;）</translation>
    </message>
    <message>
        <source>must be a list of strings (got %1)</source>
        <translation>必须是字符串列表（实际为 %1）</translation>
    </message>
    <message>
        <source>has %1, which is not implemented (only %2)</source>
        <translation>含有 %1，尚未实现（只支持 %2）</translation>
    </message>
    <message>
        <source>is %1, more than the %3 experts of &quot;%2&quot;</source>
        <translation>为 %1，多于 &quot;%2&quot; 的 %3 个专家</translation>
    </message>
    <message>
        <source>must be a list of layer indices from 0 to %1 (got %2)</source>
        <translation>必须是从 0 到 %1 的层编号列表（实际为 %2）</translation>
    </message>
    <message>
        <source>must be a JSON object</source>
        <translation>必须是 JSON 对象</translation>
    </message>
    <message>
        <source>&quot;%1&quot; (%2) is not divisible by &quot;%3&quot; (%4)</source>
        <translation>&quot;%1&quot;（%2）不能被 &quot;%3&quot;（%4）整除</translation>
    </message>
    <message>
        <source>the file has %1 bytes, more than the %2 allowed for a config</source>
        <translation>文件有 %1 字节，超过配置文件允许的 %2 字节</translation>
    </message>
    <message>
        <source>required tensor &quot;%1&quot; (with or without &quot;%2&quot;) is missing</source>
        <translation>缺少必需的张量 &quot;%1&quot;（带或不带 &quot;%2&quot; 前缀）</translation>
    </message>
    <message>
        <source>tensor %1 has shape %2 but config.json implies %3</source>
        <translation>张量 %1 的形状为 %2，但按 config.json 应为 %3</translation>
    </message>
    <message>
        <source>tensor %1 has dtype %2; only F32, F16 and BF16 are supported</source>
        <translation>张量 %1 的数据类型为 %2；只支持 F32、F16 和 BF16</translation>
    </message>
    <message>
        <source>not found in %1</source>
        <translation>在 %1 中找不到</translation>
    </message>
    <message>
        <source>not enough memory to convert the weights to float</source>
        <translation>内存不足，无法把权重转换为 float</translation>
    </message>
    <message>
        <source>the file ends here: %1 more bytes are needed at byte %2 of %3</source>
        <translation>文件在此处结束：第 %2 字节处还需要 %1 字节，而文件只有 %3 字节</translation>
    </message>
    <message>
        <source>not a GGUF file: it starts with %1 where &quot;GGUF&quot; belongs</source>
        <translation>不是 GGUF 文件：开头是 %1，而不是 &quot;GGUF&quot;</translation>
    </message>
    <message>
        <source>GGUF version %1 cannot be read (versions 2 and 3 can)</source>
        <translation>无法读取 GGUF 第 %1 版（可读第 2 和第 3 版）</translation>
    </message>
    <message>
        <source>length %1 is more than the %2 bytes left in the file</source>
        <translation>长度 %1 超过了文件剩余的 %2 字节</translation>
    </message>
    <message>
        <source>%1 entries cannot fit in the %2 bytes left in the file</source>
        <translation>文件剩余的 %2 字节放不下 %1 个条目</translation>
    </message>
    <message>
        <source>unknown value type %1</source>
        <translation>未知的值类型 %1</translation>
    </message>
    <message>
        <source>an array of arrays, which GGUF readers do not accept</source>
        <translation>数组的数组，GGUF 读取器不接受</translation>
    </message>
    <message>
        <source>the key %1 appears twice</source>
        <translation>键 %1 出现了两次</translation>
    </message>
    <message>
        <source>the tensor name %1 appears twice</source>
        <translation>张量名 %1 出现了两次</translation>
    </message>
    <message>
        <source>%1 dimensions, more than the 4 a GGUF tensor may have</source>
        <translation>%1 个维度，超过了 GGUF 张量最多的 4 个</translation>
    </message>
    <message>
        <source>extent %1 is out of range</source>
        <translation>维度大小 %1 超出范围</translation>
    </message>
    <message>
        <source>the size of shape %1 overflows 64 bits</source>
        <translation>形状 %1 的大小超出 64 位</translation>
    </message>
    <message>
        <source>unknown tensor type %1</source>
        <translation>未知的张量类型 %1</translation>
    </message>
    <message>
        <source>rows of %1 elements are not whole blocks of %2 (%3 elements each)</source>
        <translation>%1 个元素的行不是 %2 整块（每块 %3 个元素）的整数倍</translation>
    </message>
    <message>
        <source>must be of type %1, not %2</source>
        <translation>类型必须是 %1，而不是 %2</translation>
    </message>
    <message>
        <source>alignment %1 is not a power of two</source>
        <translation>对齐值 %1 不是 2 的幂</translation>
    </message>
    <message>
        <source>offset %1 is not a multiple of the alignment %2</source>
        <translation>偏移 %1 不是对齐值 %2 的整数倍</translation>
    </message>
    <message>
        <source>its data %1 runs past the end of the data section (%2 bytes): the file is cut short</source>
        <translation>其数据 %1 超出了数据区的末尾（%2 字节）：文件不完整</translation>
    </message>
    <message>
        <source>its data %1 overlaps tensor %2</source>
        <translation>其数据 %1 与张量 %2 重叠</translation>
    </message>
    <message>
        <source>tensor %1 has type %2; only %3 can be read</source>
        <translation>张量 %1 的类型是 %2；只能读取 %3</translation>
    </message>
    <message>
        <source>architecture %1 cannot be opened as a model (%2 can)</source>
        <translation>无法把架构 %1 作为模型打开（可以打开 %2）</translation>
    </message>
    <message>
        <source>the key %1 is missing</source>
        <translation>缺少键 %1</translation>
    </message>
    <message>
        <source>required tensor %1 is missing</source>
        <translation>缺少必需的张量 %1</translation>
    </message>
    <message>
        <source>tensor %1 has extents %2 but the metadata implies %3</source>
        <translation>张量 %1 的各维大小为 %2，但元数据表明应为 %3</translation>
    </message>
    <message>
        <source>the file scales the rotary frequencies (tensor %1), which cannot be read yet</source>
        <translation>文件缩放了旋转位置编码的频率（张量 %1），目前还无法读取</translation>
    </message>
    <message>
        <source>tokenizer %1 cannot be read yet (%2 can)</source>
        <translation>目前还无法读取分词器 %1（可以读取 %2）</translation>
    </message>
    <message>
        <source>No such file or directory</source>
        <translation>没有那个文件或目录</translation>
    </message>
    <message>
        <source>Permission denied</source>
        <translation>权限不够</translation>
    </message>
    <message>
        <source>Is a directory</source>
        <translation>是一个目录</translation>
    </message>
    <message>
        <source>Not a directory</source>
        <translation>不是目录</translation>
    </message>
    <message>
        <source>Too many levels of symbolic links</source>
        <translation>符号链接层数过多</translation>
    </message>
    <message>
        <source>File name too long</source>
        <translation>文件名过长</translation>
    </message>
    <message>
        <source>Input/output error</source>
        <translation>输入/输出错误</translation>
    </message>
    <message>
        <source>Cannot allocate memory</source>
        <translation>无法分配内存</translation>
    </message>
    <message>
        <source>Too many open files</source>
        <translation>打开的文件过多</translation>
    </message>
    <message>
        <source>No such device</source>
        <translation>没有那个设备</translation>
    </message>
    <message>
        <source>string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>%1 is not supported (supported: %2)</source>
        <translation>%1 不受支持（支持：%2）</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>missing &quot;%1&quot;</source>
        <translation>缺少 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>must be a string, not %1</source>
        <translation>必须是字符串，实际是%1</translation>
    </message>
    <message>
        <source>must be true or false, not %1</source>
        <translation>必须是 true 或 false，实际是%1</translation>
    </message>
    <message>
        <source>must be a token id (a non-negative integer), not %1</source>
        <translation>必须是词元 id（非负整数），实际是 %1</translation>
    </message>
    <message>
        <source>token id %1 is larger than %2</source>
        <translation>词元 id %1 大于 %2</translation>
    </message>
    <message>
        <source>must be a non-negative integer, not %1</source>
        <translation>必须是非负整数，实际是%1</translation>
    </message>
    <message>
        <source>must be a single character</source>
        <translation>必须是单个字符</translation>
    </message>
    <message>
        <source>must be an array, not %1</source>
        <translation>必须是数组，实际是%1</translation>
    </message>
    <message>
        <source>must be {&quot;String&quot;: …} or {&quot;Regex&quot;: …}</source>
        <translation>必须是 {&quot;String&quot;: …} 或 {&quot;Regex&quot;: …}</translation>
    </message>
    <message>
        <source>the regular expression does not compile at character %1: %2</source>
        <translation>正则表达式在第 %1 个字符处无法编译：%2</translation>
    </message>
    <message>
        <source>false does not match the declared prepend_scheme</source>
        <translation>false 与声明的 prepend_scheme 不一致</translation>
    </message>
    <message>
        <source>must be an object or null, not %1</source>
        <translation>必须是对象或 null，实际是%1</translation>
    </message>
    <message>
        <source>must be null or a number from 0 to 1</source>
        <translation>必须是 null 或 0 到 1 之间的数</translation>
    </message>
    <message>
        <source>%1 is not in %2</source>
        <translation>%1 不在 %2 中</translation>
    </message>
    <message>
        <source>%1 is not in the vocabulary</source>
        <translation>%1 不在词表中</translation>
    </message>
    <message>
        <source>must be a string &quot;a b&quot; or a pair [&quot;a&quot;, &quot;b&quot;]</source>
        <translation>必须是字符串 &quot;a b&quot; 或二元组 [&quot;a&quot;, &quot;b&quot;]</translation>
    </message>
    <message>
        <source>%1 is not two pieces separated by one space</source>
        <translation>%1 不是用一个空格隔开的两个子词</translation>
    </message>
    <message>
        <source>must be an object, not %1</source>
        <translation>必须是对象，实际是%1</translation>
    </message>
    <message>
        <source>must be an object of &quot;piece&quot;: id, not %1</source>
        <translation>必须是由 &quot;piece&quot;: id 组成的对象，实际是%1</translation>
    </message>
    <message>
        <source>(top level)%1: %2</source>
        <translation>（顶层）%1：%2</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>必须是对象</translation>
    </message>
    <message>
        <source>the special token %1 is missing from %2</source>
        <translation>%2 中缺少特殊词元 %1</translation>
    </message>
    <message>
        <source>&quot;ids&quot; and &quot;tokens&quot; must be arrays of the same length</source>
        <translation>&quot;ids&quot; 和 &quot;tokens&quot; 必须是等长的数组</translation>
    </message>
    <message>
        <source>must be {&quot;Sequence&quot;: …} or {&quot;SpecialToken&quot;: …}</source>
        <translation>必须是 {&quot;Sequence&quot;: …} 或 {&quot;SpecialToken&quot;: …}</translation>
    </message>
    <message>
        <source>must be a pair [token, id]</source>
        <translation>必须是二元组 [词元, id]</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>必须是 true 或 false</translation>
    </message>
    <message>
        <source>must be a string or {&quot;content&quot;: …}</source>
        <translation>必须是字符串或 {&quot;content&quot;: …}</translation>
    </message>
    <message>
        <source>not valid UTF-8</source>
        <translation>不是有效的 UTF-8</translation>
    </message>
    <message>
        <source>more than %1 lines</source>
        <translation>超过 %1 行</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>为空</translation>
    </message>
    <message>
        <source>the special token &quot;%1&quot; is not in the vocabulary</source>
        <translation>特殊词元“%1”不在词表中</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>cannot read (%1)</source>
        <translation>无法读取（%1）</translation>
    </message>
    <message>
        <source>cannot read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>larger than %1 MB</source>
        <translation>超过 %1 MB</translation>
    </message>
    <message>
        <source>must be a JSON object, not %1</source>
        <translation>必须是 JSON 对象，实际是%1</translation>
    </message>
    <message>
        <source>out of memory while reading</source>
        <translation>读取时内存不足</translation>
    </message>
    <message>
        <source>no tokenizer.json, vocab.txt, or vocab.json with merges.txt</source>
        <translation>找不到分词器文件：既没有 tokenizer.json 或 vocab.txt，也没有 vocab.json 与 merges.txt</translation>
    </message>
    <message>
        <source>out of memory while reading the tokenizer</source>
        <translation>读取分词器时内存不足</translation>
    </message>
    <message>
        <source>tensor %1 is missing</source>
        <translation>缺少张量 %1</translation>
    </message>
    <message>
        <source>tensor %1 has shape %2, expected %3</source>
        <translation>张量 %1 的形状为 %2，应为 %3</translation>
    </message>
    <message>
        <source>tensor %1 has shape %2, expected length %3</source>
        <translation>张量 %1 的形状为 %2，应为长度 %3</translation>
    </message>
    <message>
        <source>config type_vocab_size must be at least 1</source>
        <translation>配置中的 type_vocab_size 至少应为 1</translation>
    </message>
    <message>
        <source>config needs at least one layer, head, hidden unit, vocabulary entry and position</source>
        <translation>配置至少需要一层、一个头、一个隐藏单元、一个词表条目和一个位置</translation>
    </message>
    <message>
        <source>config hidden size %1 is not divisible by the number of heads %2</source>
        <translation>配置中的隐藏层大小 %1 不能被头数 %2 整除</translation>
    </message>
    <message>
        <source>config layer norm epsilon must be a finite number ≥ 0</source>
        <translation>配置中层归一化的 epsilon 必须是 ≥ 0 的有限数</translation>
    </message>
    <message>
        <source>the checkpoint has %1 layers but config.json says %2</source>
        <translation>检查点有 %1 层，但 config.json 中写的是 %2 层</translation>
    </message>
    <message>
        <source>unsupported activation function &quot;%1&quot; (supported: %2)</source>
        <translation>不支持激活函数“%1”（支持：%2）</translation>
    </message>
    <message>
        <source>the text has no tokens</source>
        <translation>文本没有词元</translation>
    </message>
    <message>
        <source>the text has %1 tokens but the model takes at most %2</source>
        <translation>文本有 %1 个词元，但模型最多接受 %2 个</translation>
    </message>
    <message>
        <source>token id %1 at position %2 is outside the vocabulary (size %3)</source>
        <translation>位置 %2 的词元 id %1 超出了词表（大小为 %3）</translation>
    </message>
    <message>
        <source>prediction position %1 is outside the text (%2 tokens)</source>
        <translation>预测位置 %1 超出了文本（%2 个词元）</translation>
    </message>
    <message>
        <source>the head mask is %1×%2 but the model has %3 layers of %4 heads</source>
        <translation>头掩码为 %1×%2，但模型有 %3 层、每层 %4 个头</translation>
    </message>
    <message>
        <source>the head mask has a value that is not a finite number</source>
        <translation>头掩码中有不是有限数的值</translation>
    </message>
    <message>
        <source>the largest d_k must be between 1 and 4096</source>
        <translation>最大的 d_k 必须在 1 与 4096 之间</translation>
    </message>
    <message>
        <source>the sample count must be between 2 and %1</source>
        <translation>样本数必须在 2 与 %1 之间</translation>
    </message>
    <message>
        <source>the number of softmax trials must be between 1 and %1</source>
        <translation>softmax 试验次数必须在 1 与 %1 之间</translation>
    </message>
    <message>
        <source>the number of keys must be between 1 and %1</source>
        <translation>键的个数必须在 1 与 %1 之间</translation>
    </message>
    <message>
        <source>%1 cannot generate text: it is not a causal language model (each token sees the whole text, and it predicts masked tokens, not the next one)</source>
        <translation>%1 不能生成文本：它不是因果语言模型（每个词元都能看到整段文本，它预测的是被遮住的词元，而不是下一个词元）</translation>
    </message>
    <message>
        <source>the temperature must be a finite number ≥ 0 (0 = greedy), got %1</source>
        <translation>温度必须是 ≥ 0 的有限数（0 = 贪心），实际是 %1</translation>
    </message>
    <message>
        <source>top-k must be a whole number ≥ 0 (0 = off), got %1</source>
        <translation>top-k 必须是 ≥ 0 的整数（0 = 不启用），实际是 %1</translation>
    </message>
    <message>
        <source>top-p must be greater than 0 and at most 1 (1 = off), got %1</source>
        <translation>top-p 必须大于 0 且不超过 1（1 = 不启用），实际是 %1</translation>
    </message>
    <message>
        <source>the number of new tokens must be at least 1, got %1</source>
        <translation>新词元的个数至少为 1，实际是 %1</translation>
    </message>
    <message>
        <source>the prompt has %1 tokens and the model takes at most %2 positions, so at most %3 new tokens fit, not %4</source>
        <translation>提示有 %1 个词元，模型最多接受 %2 个位置，因此最多还能生成 %3 个新词元，而不是 %4 个</translation>
    </message>
    <message>
        <source>expected a token id (a whole number ≥ 0) or a list of them, got %1</source>
        <translation>应为一个词元 id（≥ 0 的整数）或由它们组成的列表，实际是 %1</translation>
    </message>
    <message>
        <source>&quot;model_type&quot; is missing; supported: %1</source>
        <translation>缺少 &quot;model_type&quot;；支持：%1</translation>
    </message>
    <message>
        <source>&quot;model_type&quot; %1 is not supported; supported: %2</source>
        <translation>&quot;model_type&quot; %1 不受支持；支持：%2</translation>
    </message>
    <message>
        <source>entry %1 is %2, not &quot;sliding_attention&quot; or &quot;full_attention&quot;</source>
        <translation>第 %1 项是 %2，不是 &quot;sliding_attention&quot; 或 &quot;full_attention&quot;</translation>
    </message>
    <message>
        <source>must be a list of one layer type per layer (%1), got %2</source>
        <translation>必须是每层一个层类型的列表（%1 层），实际为 %2</translation>
    </message>
    <message>
        <source>must be a positive number (got %1)</source>
        <translation>必须是正数（实际为 %1）</translation>
    </message>
    <message>
        <source>must be an object or null (got %1)</source>
        <translation>必须是对象或 null（实际为 %1）</translation>
    </message>
    <message>
        <source>type %1 is not supported (supported: &quot;default&quot;, &quot;linear&quot;, &quot;llama3&quot;)</source>
        <translation>类型 %1 不受支持（支持：&quot;default&quot;、&quot;linear&quot;、&quot;llama3&quot;）</translation>
    </message>
    <message>
        <source>needs a number &quot;%1&quot; for type &quot;%2&quot;</source>
        <translation>类型 &quot;%2&quot; 需要数值 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>needs high_freq_factor (%2) greater than low_freq_factor (%1)</source>
        <translation>需要 high_freq_factor（%2）大于 low_freq_factor（%1）</translation>
    </message>
    <message>
        <source>config has %1 heads, which is not a multiple of its %2 key/value heads</source>
        <translation>配置中有 %1 个头，不是其 %2 个键/值头的整数倍</translation>
    </message>
    <message>
        <source>%1 has no position information, which the forward pass does not implement</source>
        <translation>%1 没有任何位置信息，前向计算不支持这种模型</translation>
    </message>
    <message>
        <source>%1 rotates interleaved pairs of dimensions, which the forward pass does not implement</source>
        <translation>%1 按相邻维度成对旋转，前向计算不支持这种做法</translation>
    </message>
    <message>
        <source>rotary positions need an even head size, not %1</source>
        <translation>旋转位置编码要求每个头的维度为偶数，而不是 %1</translation>
    </message>
    <message>
        <source>%1: the norm of each head&apos;s q and k is implemented as an RMSNorm only, not as a LayerNorm</source>
        <translation>%1：每个头的 q 和 k 的归一化只实现了 RMSNorm，没有实现 LayerNorm</translation>
    </message>
    <message>
        <source>%1 normalises before each block but has no final norm, which the forward pass does not implement</source>
        <translation>%1 在每个块之前做归一化，却没有最终的归一化层，前向计算不支持这种模型</translation>
    </message>
    <message>
        <source>not found in %1, which holds PyTorch weights only (%2); those are never opened, since loading them runs code stored in the file. Download the model&apos;s .safetensors files instead, or load it with transformers and save it with save_pretrained(folder, safe_serialization=True)</source>
        <translation>在 %1 中找不到，该文件夹只有 PyTorch 权重（%2）；这类文件从不打开，因为加载它们会运行文件中保存的代码。请改为下载该模型的 .safetensors 文件，或用 transformers 加载模型，再以 save_pretrained(folder, safe_serialization=True) 保存</translation>
    </message>
    <message>
        <source>the file has %1 bytes, more than the %2 allowed for an index</source>
        <translation>文件有 %1 字节，超过索引文件允许的 %2 字节</translation>
    </message>
    <message>
        <source>&quot;metadata&quot; must be an object</source>
        <translation>&quot;metadata&quot; 必须是对象</translation>
    </message>
    <message>
        <source>&quot;weight_map&quot; is missing or not an object of tensor names and shard files</source>
        <translation>&quot;weight_map&quot; 缺失，或不是由张量名和分片文件组成的对象</translation>
    </message>
    <message>
        <source>&quot;weight_map&quot;: tensor %1 is placed in %2, which is not the name of a file in this folder</source>
        <translation>&quot;weight_map&quot;：张量 %1 被放在 %2 中，但这不是本文件夹中的文件名</translation>
    </message>
    <message>
        <source>not found in %1, though %2 places tensor %3 there — is the download complete?</source>
        <translation>在 %1 中找不到，而 %2 把张量 %3 放在这个文件里——下载是否完整？</translation>
    </message>
    <message>
        <source>tensor %1 is not in this file, though %2 places it here</source>
        <translation>本文件中没有张量 %1，而 %2 把它放在这个文件里</translation>
    </message>
    <message>
        <source>required tensor &quot;%1&quot; (with or without &quot;%2&quot;) is not in its &quot;weight_map&quot;</source>
        <translation>必需的张量 &quot;%1&quot;（带或不带 &quot;%2&quot; 前缀）不在它的 &quot;weight_map&quot; 中</translation>
    </message>
    <message>
        <source>expected &quot;interleaved&quot; (pairs 2i, 2i+1) or &quot;rotate_half&quot; (pairs i, i + d_k/2), got %1</source>
        <translation>应为 &quot;interleaved&quot;（第 2i 与 2i+1 维成对）或 &quot;rotate_half&quot;（第 i 与 i + d_k/2 维成对），实际为 %1</translation>
    </message>
    <message>
        <source>the base of the rotary frequencies must be a number greater than 0</source>
        <translation>旋转频率的底数必须是大于 0 的数</translation>
    </message>
    <message>
        <source>one frequency per rotated pair: d_k/2 = %1</source>
        <translation>每个旋转对一个频率：d_k/2 = %1</translation>
    </message>
    <message>
        <source>only applies with &quot;positional_encoding&quot;: &quot;rope&quot;</source>
        <translation>只在 &quot;positional_encoding&quot;: &quot;rope&quot; 时适用</translation>
    </message>
    <message>
        <source>cannot be given together with &quot;rope_frequencies&quot;, which sets every pair&apos;s frequency itself</source>
        <translation>不能与 &quot;rope_frequencies&quot; 同时给出：后者已直接规定每一对的频率</translation>
    </message>
    <message>
        <source>the chat template opens `%1` and never closes it with `%2`</source>
        <translation>对话模板打开了 `%1`，却没有用 `%2` 关闭</translation>
    </message>
    <message>
        <source>the chat template has the character `%1` inside a tag, which Jinja does not allow there</source>
        <translation>对话模板的标签里有字符 `%1`，Jinja 不允许它出现在那里</translation>
    </message>
    <message>
        <source>the chat template has a string that is never closed</source>
        <translation>对话模板中有一个没有闭合的字符串</translation>
    </message>
    <message>
        <source>the chat template has the escape `%1` with too few or invalid hexadecimal digits</source>
        <translation>对话模板中的转义 `%1` 的十六进制数字太少或无效</translation>
    </message>
    <message>
        <source>the chat template is %1 bytes long, more than the limit of %2</source>
        <translation>对话模板长 %1 字节，超过上限 %2</translation>
    </message>
    <message>
        <source>the chat template has more than %1 pieces inside its tags, the limit</source>
        <translation>对话模板的标签内容超过 %1 个片段（上限）</translation>
    </message>
    <message>
        <source>the chat template has `{% %1 %}` where no open block expects it</source>
        <translation>对话模板在没有对应开放块的位置出现了 `{% %1 %}`</translation>
    </message>
    <message>
        <source>the chat template has a syntax error: expected %1, found %2</source>
        <translation>对话模板有语法错误：应为 %1，实际为 %2</translation>
    </message>
    <message>
        <source>the chat template nests blocks or expressions deeper than the limit of %1 levels</source>
        <translation>对话模板的块或表达式嵌套超过上限 %1 层</translation>
    </message>
    <message>
        <source>the chat template ends before `%1`</source>
        <translation>对话模板在 `%1` 之前就结束了</translation>
    </message>
    <message>
        <source>the chat template uses the Jinja construct `%1`, which Attention Lab does not support</source>
        <translation>对话模板使用了 Jinja 结构 `%1`，注意力实验室不支持它</translation>
    </message>
    <message>
        <source>the chat template uses `{% %1 %}` outside a for loop</source>
        <translation>对话模板在 for 循环之外使用了 `{% %1 %}`</translation>
    </message>
    <message>
        <source>the chat template uses the Jinja tag `{% %1 %}`, which Attention Lab does not support</source>
        <translation>对话模板使用了 Jinja 标签 `{% %1 %}`，注意力实验室不支持它</translation>
    </message>
    <message>
        <source>the chat template computes a number too large for 64 bits: %1</source>
        <translation>对话模板算出的数超出 64 位范围：%1</translation>
    </message>
    <message>
        <source>the chat template uses the Jinja filter `%1`, which Attention Lab does not support</source>
        <translation>对话模板使用了 Jinja 过滤器 `%1`，注意力实验室不支持它</translation>
    </message>
    <message>
        <source>the chat template uses the Jinja test `%1`, which Attention Lab does not support</source>
        <translation>对话模板使用了 Jinja 测试 `%1`，注意力实验室不支持它</translation>
    </message>
    <message>
        <source>the chat template calls the method `%1` on %2, which Attention Lab does not support</source>
        <translation>对话模板对%2调用了方法 `%1`，注意力实验室不支持它</translation>
    </message>
    <message>
        <source>the chat template calls the function `%1`, which Attention Lab does not support</source>
        <translation>对话模板调用了函数 `%1`，注意力实验室不支持它</translation>
    </message>
    <message>
        <source>the chat template asks strftime_now for `%1`, which Attention Lab does not support</source>
        <translation>对话模板向 strftime_now 要求 `%1`，注意力实验室不支持它</translation>
    </message>
    <message>
        <source>the chat template takes more than %1 steps to render, the limit</source>
        <translation>对话模板渲染超过 %1 步（上限）</translation>
    </message>
    <message>
        <source>the chat template produces more than %1 bytes, the limit</source>
        <translation>对话模板生成的内容超过 %1 字节（上限）</translation>
    </message>
    <message>
        <source>the chat template builds a list of more than %1 items, the limit</source>
        <translation>对话模板构造的列表超过 %1 项（上限）</translation>
    </message>
    <message>
        <source>the chat template nests macro calls deeper than the limit of %1</source>
        <translation>对话模板的宏调用嵌套超过上限 %1 层</translation>
    </message>
    <message>
        <source>the chat template sets an attribute of `%1`, which is %2, not a namespace()</source>
        <translation>对话模板给 `%1` 设置属性，但它是%2，不是 namespace()</translation>
    </message>
    <message>
        <source>the chat template unpacks into %1 names a value of %2 items</source>
        <translation>对话模板把一个有 %2 项的值拆给 %1 个名字</translation>
    </message>
    <message>
        <source>the chat template uses `%1`, which is not defined</source>
        <translation>对话模板使用了未定义的 `%1`</translation>
    </message>
    <message>
        <source>the chat template uses %1 as a dict key; only strings are supported</source>
        <translation>对话模板用%1作字典的键；只支持字符串</translation>
    </message>
    <message>
        <source>the chat template slices with %1 where a whole number belongs</source>
        <translation>对话模板切片时在应为整数的位置用了%1</translation>
    </message>
    <message>
        <source>the chat template slices with a step of zero</source>
        <translation>对话模板切片的步长为零</translation>
    </message>
    <message>
        <source>the chat template slices %1, which has no slices</source>
        <translation>对话模板对%1切片，它不能切片</translation>
    </message>
    <message>
        <source>the chat template calls %1, which cannot be called</source>
        <translation>对话模板调用了%1，它不能被调用</translation>
    </message>
    <message>
        <source>the chat template calls the macro `%1` with more than its %2 arguments</source>
        <translation>对话模板调用宏 `%1` 时给的参数多于它的 %2 个</translation>
    </message>
    <message>
        <source>the chat template calls the macro `%1` with the argument `%2`, which it does not have</source>
        <translation>对话模板调用宏 `%1` 时给了它没有的参数 `%2`</translation>
    </message>
    <message>
        <source>the chat template applies `%1` to %2</source>
        <translation>对话模板把 `%1` 用在%2上</translation>
    </message>
    <message>
        <source>the chat template applies `%1` to %2 and %3</source>
        <translation>对话模板把 `%1` 用在%2和%3上</translation>
    </message>
    <message>
        <source>the chat template divides by zero</source>
        <translation>对话模板除以零</translation>
    </message>
    <message>
        <source>the chat template gives `%1` %2, which it cannot take</source>
        <translation>对话模板给 `%1` 传了%2，它不接受</translation>
    </message>
    <message>
        <source>the chat template loops over %1, which is not a list, mapping or string</source>
        <translation>对话模板遍历%1，它不是列表、映射或字符串</translation>
    </message>
    <message>
        <source>the chat template asks the length of %1</source>
        <translation>对话模板求%1的长度</translation>
    </message>
    <message>
        <source>the chat template asks tojson for %1, which has no JSON form</source>
        <translation>对话模板要求 tojson 转换%1，它没有 JSON 形式</translation>
    </message>
    <message>
        <source>the chat template refuses this conversation: %1</source>
        <translation>对话模板拒绝了这段对话：%1</translation>
    </message>
    <message>
        <source>out of memory while rendering the chat template</source>
        <translation>渲染对话模板时内存不足</translation>
    </message>
    <message>
        <source>an undefined value</source>
        <translation>未定义的值</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>a mapping</source>
        <translation>映射</translation>
    </message>
    <message>
        <source>a namespace</source>
        <translation>namespace</translation>
    </message>
    <message>
        <source>a macro</source>
        <translation>宏</translation>
    </message>
    <message>
        <source>a function</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>空</translation>
    </message>
    <message>
        <source>an empty string</source>
        <translation>空字符串</translation>
    </message>
    <message>
        <source>a value</source>
        <translation>一个值</translation>
    </message>
    <message>
        <source>a name</source>
        <translation>一个名字</translation>
    </message>
    <message>
        <source>text or a tag</source>
        <translation>文本或标签</translation>
    </message>
    <message>
        <source>the end of the template</source>
        <translation>模板结尾</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>name=value</source>
        <translation>name=value</translation>
    </message>
    <message>
        <source>the model folder %1 has no chat template (neither chat_template.jinja nor &quot;chat_template&quot; in tokenizer_config.json), so it cannot wrap text as a chat turn</source>
        <translation>模型文件夹 %1 没有对话模板（既没有 chat_template.jinja，tokenizer_config.json 里也没有 &quot;chat_template&quot;），所以无法把文本包装成一轮对话</translation>
    </message>
    <message>
        <source>must be a string or a list of {&quot;name&quot;: …, &quot;template&quot;: …}, not %1</source>
        <translation>必须是字符串或由 {&quot;name&quot;: …, &quot;template&quot;: …} 组成的列表，而不是%1</translation>
    </message>
    <message>
        <source>must be {&quot;name&quot;: a string, &quot;template&quot;: a string}</source>
        <translation>必须是 {&quot;name&quot;: 字符串, &quot;template&quot;: 字符串}</translation>
    </message>
    <message>
        <source>lists chat templates named %1 but none named &quot;default&quot;</source>
        <translation>列出了名为 %1 的对话模板，但没有名为 &quot;default&quot; 的</translation>
    </message>
    <message>
        <source>template line %1: %2</source>
        <translation>模板第 %1 行：%2</translation>
    </message>
    <message>
        <source>a real number</source>
        <translation>实数</translation>
    </message>
    <message>
        <source>a text string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>must be &quot;none&quot; or &quot;rope&quot; when &quot;X&quot; is given (X already holds whatever positions were added to it; rope rotates Q and K, not X), got &quot;%1&quot;</source>
        <translation>给出 &quot;X&quot; 时必须为 &quot;none&quot; 或 &quot;rope&quot;（X 已含加入其中的位置信息；rope 旋转的是 Q 和 K，不是 X），实际是“%1”</translation>
    </message>
    <message>
        <source>token id %1 is outside the model&apos;s vocabulary of %2 ids (config.json&apos;s vocab_size)</source>
        <translation>词元 id %1 超出了模型的词表（共 %2 个 id，即 config.json 的 vocab_size）</translation>
    </message>
    <message>
        <source>the model&apos;s prediction gives no token a probability (its logits are not finite numbers)</source>
        <translation>模型的预测没有给任何词元非零的概率（其 logits 不是有限数）</translation>
    </message>
    <message>
        <source>A run ends early when the model generates %1; that token is kept, as transformers&apos; generate() keeps it.</source>
        <translation>当模型生成%1时，生成会提前结束；该词元会保留，与 transformers 的 generate() 一致。</translation>
    </message>
    <message>
        <source>one of its end tokens %1 (%2, eos_token_id)</source>
        <translation>其结束词元 %1 之一（%2，eos_token_id）</translation>
    </message>
    <message>
        <source>the chat turn&apos;s end token %1 = %2 (tokenizer_config.json, eos_token)</source>
        <translation>对话轮次的结束词元 %1 = %2（tokenizer_config.json，eos_token）</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation>%1或%2</translation>
    </message>
    <message>
        <source>The model names no end token (%1 has no eos_token_id): a run ends after its number of tokens or at the model&apos;s last position.</source>
        <translation>模型没有指定结束词元（%1 中没有 eos_token_id）：生成在达到设定的词元数或模型的最后一个位置时结束。</translation>
    </message>
    <message>
        <source>the cache window must be a whole number ≥ 1 (0 = the whole cache) and the sinks ≥ 0, with a window; got window %1 and sinks %2</source>
        <translation>缓存窗口必须是 ≥ 1 的整数（0 = 整个缓存），汇点数 ≥ 0 且要有窗口；收到的窗口为 %1，汇点为 %2</translation>
    </message>
    <message>
        <source>the draft model&apos;s vocabulary has %1 ids and the target&apos;s %2: speculative decoding needs one vocabulary</source>
        <translation>草稿模型的词表有 %1 个编号，目标模型的有 %2 个：投机解码需要同一个词表</translation>
    </message>
    <message>
        <source>the draft must propose at least 1 token per step, got %1</source>
        <translation>草稿模型每一步至少要提出 1 个词元，收到的是 %1</translation>
    </message>
    <message>
        <source>SentencePiece cannot read this model: %1</source>
        <translation>SentencePiece 无法读取此模型：%1</translation>
    </message>
    <message>
        <source>%1 is half of an encoder-decoder: open it as a translation model (--translate, or --target-text)</source>
        <translation>%1 是编码器-解码器模型的一半：请作为翻译模型打开（--translate 或 --target-text）</translation>
    </message>
    <message>
        <source>expected true or false, got %1</source>
        <translation>应为 true 或 false，实际为 %1</translation>
    </message>
    <message>
        <source>the repetition penalty must be a finite number greater than 0 (1 = off), got %1</source>
        <translation>重复惩罚必须是大于 0 的有限数（1 = 关闭），实际为 %1</translation>
    </message>
    <message>
        <source>expected a list of token-id lists, each with at least one id, got %1</source>
        <translation>应为由词元 id 列表组成的列表，每个列表至少含一个 id，实际为 %1</translation>
    </message>
    <message>
        <source>no layer has the media type %1</source>
        <translation>没有媒体类型为 %1 的层</translation>
    </message>
    <message>
        <source>must be &quot;sha256:&quot; and 64 hexadecimal digits, not %1</source>
        <translation>必须是“sha256:”加 64 位十六进制数字，而不是 %1</translation>
    </message>
    <message>
        <source>has &quot;%1&quot;, which rope type &quot;%2&quot; does not use (refused rather than ignored)</source>
        <translation>含有“%1”，而旋转位置编码类型“%2”不使用它（予以拒绝，而不是忽略）</translation>
    </message>
    <message>
        <source>has &quot;%1&quot;, but holds one object per layer type (&quot;%2&quot;, &quot;%3&quot;)</source>
        <translation>含有“%1”，但它应当按层类型各放一个对象（“%2”、“%3”）</translation>
    </message>
    <message>
        <source>expected a tensor of the block such as &quot;mlp_in.weight&quot;, got &quot;%1&quot;</source>
        <translation>应为块中的张量（例如 &quot;mlp_in.weight&quot;），实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>must be a token id from 0 to %1, not %2</source>
        <translation>必须是 0 到 %1 之间的词元编号，而不是 %2</translation>
    </message>
    <message>
        <source>has %1 values, but %2 has %3</source>
        <translation>有 %1 个值，但 %2 有 %3 个</translation>
    </message>
    <message>
        <source>token %1 is not UTF-8 text</source>
        <translation>词元 %1 不是 UTF-8 文本</translation>
    </message>
    <message>
        <source>the model file %1 has no chat template (no &quot;tokenizer.chat_template&quot; in its metadata), so it cannot wrap text as a chat turn</source>
        <translation>模型文件 %1 没有对话模板（其元数据中没有 &quot;tokenizer.chat_template&quot;），所以无法把文本包装成一轮对话</translation>
    </message>
    <message>
        <source>must be a number greater than 0, got %1</source>
        <translation>必须是大于 0 的数，实际为 %1</translation>
    </message>
    <message>
        <source>one per dimension of a head: d_k = %1</source>
        <translation>每个头的每一维一个：d_k = %1</translation>
    </message>
    <message>
        <source>expected an object of attention variants (&quot;sliding_window&quot;, &quot;soft_cap&quot;, &quot;qk_norm&quot;, &quot;sink_logit&quot;, …), got %1</source>
        <translation>应为注意力变体的对象（&quot;sliding_window&quot;、&quot;soft_cap&quot;、&quot;qk_norm&quot;、&quot;sink_logit&quot;……），实际为 %1</translation>
    </message>
    <message>
        <source>needs one key token per row of memory.X: %1 rows, %2 tokens</source>
        <translation>memory.X 的每一行都需要一个键词元：现在是 %1 行、%2 个词元</translation>
    </message>
    <message>
        <source>each row of the memory must be d_model = %1 wide, not %2</source>
        <translation>记忆的每一行必须是 d_model = %1 个数宽，而不是 %2</translation>
    </message>
    <message>
        <source>must be &quot;none&quot; in a scene with a memory (cross-attention masks nothing across the memory), not &quot;%1&quot;</source>
        <translation>在带记忆的场景中必须是 &quot;none&quot;（交叉注意力对记忆不做任何遮盖），而不是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>a scene with a memory cannot rotate by position (rotary positions belong to self-attention)</source>
        <translation>带记忆的场景不能按位置旋转（旋转位置编码属于自注意力）</translation>
    </message>
    <message>
        <source>expected an object with &quot;tokens&quot; and &quot;X&quot;, got %1</source>
        <translation>应为含 &quot;tokens&quot; 和 &quot;X&quot; 的对象，实际是 %1</translation>
    </message>
    <message>
        <source>must be 0 (off) in a scene with a memory, not %1: a sliding window is a band along one sequence&apos;s positions, and cross-attention&apos;s queries and keys come from two sequences</source>
        <translation>在带记忆的场景中必须是 0（关闭），而不是 %1：滑动窗口是沿同一个序列的位置划出的一条带，而交叉注意力的查询和键来自两个序列</translation>
    </message>
</context>
<context>
    <name>InspectorPage</name>
    <message>
        <source>Head %1 of %2</source>
        <translation>头 %1（共 %2 个）</translation>
    </message>
    <message>
        <source>product</source>
        <translation>乘积</translation>
    </message>
    <message>
        <source>sum</source>
        <translation>和</translation>
    </message>
    <message>
        <source>(%1 more terms)</source>
        <translation>（另有 %1 项）</translation>
    </message>
    <message>
        <source>Click a cell or a row label of a stage to see how its numbers are computed from the previous stages.</source>
        <translation>点击某一步的一个格子或行标签，查看这些数是怎样由前面的步骤算出来的。</translation>
    </message>
    <message>
        <source>Row %1 is selected. Click one of its cells to see that number worked out.</source>
        <translation>已选中“%1”这一行。点击其中的一个格子，查看这个数的详细计算。</translation>
    </message>
    <message>
        <source>Input X, row %1, column %2</source>
        <translation>输入 X，“%1”行，第 %2 列</translation>
    </message>
    <message>
        <source>Each token looks up its row in the embedding table E.</source>
        <translation>每个词元在嵌入表 E 中查出自己的那一行。</translation>
    </message>
    <message>
        <source>This scene gives X directly (what a layer of a model feeds its attention), so nothing is looked up.</source>
        <translation>这个场景直接给出 X（模型某一层送入注意力的输入），所以无需查表。</translation>
    </message>
    <message>
        <source>Sinusoidal positional encoding adds a value that depends only on the position (%1) and the column.</source>
        <translation>正弦位置编码加上一个只取决于位置（%1）和列号的值。</translation>
    </message>
    <message>
        <source>%1, row %2, column %3</source>
        <translation>%1，“%2”行，第 %3 列</translation>
    </message>
    <message>
        <source>In direct mode %1 is typed in, not computed: this number is &lt;b&gt;%2&lt;/b&gt;.</source>
        <translation>在直接模式下，%1 是直接输入的，不是算出来的：这个数就是 &lt;b&gt;%2&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>%1[%2][%3] = row %2 of X · column %4 of W&lt;sub&gt;%1&lt;/sub&gt;: multiply them entry by entry and add the products.</source>
        <translation>%1[%2][%3] = X 的“%2”行 · W&lt;sub&gt;%1&lt;/sub&gt; 的第 %4 列：逐项相乘，再把乘积加起来。</translation>
    </message>
    <message>
        <source>X row %1</source>
        <translation>X 的“%1”行</translation>
    </message>
    <message>
        <source>W&lt;sub&gt;%1&lt;/sub&gt; column %2</source>
        <translation>W&lt;sub&gt;%1&lt;/sub&gt; 第 %2 列</translation>
    </message>
    <message>
        <source>RoPE: %1 rotated, row %2, column %3</source>
        <translation>RoPE：旋转后的 %1，“%2”行，第 %3 列</translation>
    </message>
    <message>
        <source>Score: %1 looks at %2</source>
        <translation>分数：“%1”看“%2”</translation>
    </message>
    <message>
        <source>Row %1 is the query (the token that looks); column %2 is the key (the token looked at).</source>
        <translation>“%1”这一行是查询（去看的词元）；“%2”这一列是键（被看的词元）。</translation>
    </message>
    <message>
        <source>q (rotated) of %1</source>
        <translation>“%1”的 q（旋转后）</translation>
    </message>
    <message>
        <source>q of %1</source>
        <translation>“%1”的 q</translation>
    </message>
    <message>
        <source>k (rotated) of %1</source>
        <translation>“%1”的 k（旋转后）</translation>
    </message>
    <message>
        <source>k of %1</source>
        <translation>“%1”的 k</translation>
    </message>
    <message>
        <source>The score is the dot product q · k: multiply the two vectors entry by entry and add up.</source>
        <translation>分数就是点积 q · k：把两个向量逐项相乘，再全部加起来。</translation>
    </message>
    <message>
        <source>The mask hides this cell: it becomes −∞, and its weight will be exactly 0.</source>
        <translation>掩码遮住了这个格子：它变成 −∞，权重将恰好为 0。</translation>
    </message>
    <message>
        <source>Weights of row %1: softmax</source>
        <translation>“%1”这一行的权重：softmax</translation>
    </message>
    <message>
        <source>The mask hides every key from %1, so there is nothing to share out: the weights are all 0 and the context vector is zero. (A plain softmax would divide 0 by 0 here.)</source>
        <translation>掩码把所有的键都对“%1”遮住了，没有可以分配的对象：权重全为 0，上下文向量为零向量。（普通的 softmax 在这里会出现 0 除以 0。）</translation>
    </message>
    <message>
        <source>Take e to the power of each visible scaled score, add them up, and divide each by the sum. The weights are positive and add up to 1.</source>
        <translation>对每个可见的缩放分数求 e 的幂，把它们加起来，再用每一项除以总和。得到的权重都是正数，加起来等于 1。</translation>
    </message>
    <message>
        <source>These scores are too large for e&lt;sup&gt;x&lt;/sup&gt;, so the largest, %1, is subtracted first; the quotients stay the same.</source>
        <translation>这些分数太大，无法直接计算 e&lt;sup&gt;x&lt;/sup&gt;，所以先减去其中最大的 %1；相除的结果不变。</translation>
    </message>
    <message>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>scaled score x</source>
        <translation>缩放分数 x</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>hidden by the mask</source>
        <translation>被掩码遮住</translation>
    </message>
    <message>
        <source>A hidden cell counts as −∞, and e&lt;sup&gt;−∞&lt;/sup&gt; = 0: it gets no weight at all, and the visible keys share the whole 1.</source>
        <translation>被遮住的格子按 −∞ 计算，而 e&lt;sup&gt;−∞&lt;/sup&gt; = 0：它得不到任何权重，全部的 1 都分给可见的键。</translation>
    </message>
    <message>
        <source>Context vector of %1: a weighted mix of the V rows</source>
        <translation>“%1”的上下文向量：V 各行的加权混合</translation>
    </message>
    <message>
        <source>Each V row is multiplied by the weight %1 gives its token; the scaled rows are added column by column.</source>
        <translation>V 的每一行都乘以“%1”给对应词元的权重；乘完的各行再逐列相加。</translation>
    </message>
    <message>
        <source>token</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>context = sum</source>
        <translation>上下文 = 和</translation>
    </message>
    <message>
        <source>the context vector of %1</source>
        <translation>“%1”的上下文向量</translation>
    </message>
    <message>
        <source>Column %1</source>
        <translation>第 %1 列</translation>
    </message>
    <message>
        <source>Concatenation, row %1</source>
        <translation>拼接，“%1”行</translation>
    </message>
    <message>
        <source>The heads&apos; context vectors are placed side by side: each head fills its own block of columns.</source>
        <translation>各个头的上下文向量左右并排：每个头占据属于自己的一段列。</translation>
    </message>
    <message>
        <source>head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>columns</source>
        <translation>列</translation>
    </message>
    <message>
        <source>values</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Output, row %1, column %2</source>
        <translation>输出，“%1”行，第 %2 列</translation>
    </message>
    <message>
        <source>This scene has no W&lt;sub&gt;O&lt;/sub&gt;, so the output is the concatenation itself: &lt;b&gt;%1&lt;/b&gt;.</source>
        <translation>这个场景没有 W&lt;sub&gt;O&lt;/sub&gt;，所以输出就是拼接结果本身：&lt;b&gt;%1&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>output = concat · W&lt;sub&gt;O&lt;/sub&gt;: row %1 of concat times column %2 of W&lt;sub&gt;O&lt;/sub&gt; mixes what every head found.</source>
        <translation>输出 = 拼接 · W&lt;sub&gt;O&lt;/sub&gt;：拼接结果的“%1”行乘以 W&lt;sub&gt;O&lt;/sub&gt; 的第 %2 列，把每个头的发现融合在一起。</translation>
    </message>
    <message>
        <source>head %1, %2</source>
        <translation>头 %1，第 %2 列</translation>
    </message>
    <message>
        <source>concat row %1</source>
        <translation>拼接的“%1”行</translation>
    </message>
    <message>
        <source>W&lt;sub&gt;O&lt;/sub&gt; column %1</source>
        <translation>W&lt;sub&gt;O&lt;/sub&gt; 第 %1 列</translation>
    </message>
    <message>
        <source>no scaling</source>
        <translation>不缩放</translation>
    </message>
    <message>
        <source>a custom divisor</source>
        <translation>自定义除数</translation>
    </message>
    <message>
        <source>Scaled: %1</source>
        <translation>缩放：%1</translation>
    </message>
    <message>
        <source>… and %1 other keys</source>
        <translation>……以及其余 %1 个键</translation>
    </message>
    <message>
        <source>This scene pairs columns the rotate-half way (Llama, Qwen2): column i turns with column i + %1, so column %2 belongs to pair %3, columns %4 and %5.</source>
        <translation>这个场景按前后半配对（rotate-half，Llama、Qwen2 的做法）：第 i 列与第 i + %1 列一起旋转，所以第 %2 列属于第 %3 对，即第 %4 列和第 %5 列。</translation>
    </message>
    <message>
        <source>This scene pairs neighbouring columns (interleaved, as in RoFormer): column %1 belongs to pair %2, columns %3 and %4.</source>
        <translation>这个场景让相邻两列成对（与 RoFormer 相同）：第 %1 列属于第 %2 对，即第 %3 列和第 %4 列。</translation>
    </message>
    <message>
        <source>the scene&apos;s frequency table</source>
        <translation>场景的频率表</translation>
    </message>
    <message>
        <source>Pair %1 turns by %2 per position; at position %3 the angle is %4 rad.</source>
        <translation>第 %1 对每前进一个位置转 %2；在位置 %3，角度为 %4 弧度。</translation>
    </message>
    <message>
        <source>Interleaved pairs would turn column %1 with column %2 instead. The two ways give the same scores once the columns of W_Q and W_K (and the entries of b_Q and b_K) are reordered (column 2i ↔ i, 2i + 1 ↔ i + %3), so a model trained one way is the other&apos;s with its weights permuted.</source>
        <translation>若按相邻成对，第 %1 列会与第 %2 列一起旋转。只要把 W_Q 和 W_K 的列（以及 b_Q、b_K 的分量）重新排列（第 2i 列 ↔ 第 i 列，第 2i + 1 列 ↔ 第 i + %3 列），两种约定算出的分数完全相同；所以按一种约定训练的模型，换一种约定只是权重换了顺序。</translation>
    </message>
    <message>
        <source>QK-norm: %1, row %2, column %3</source>
        <translation>QK-norm：%1，第 %2 行，第 %3 列</translation>
    </message>
    <message>
        <source>Mean of the squares of the row: %1. Root mean square with ε: √(%1 + ε) = %2.</source>
        <translation>这一行各数平方的平均值：%1。加上 ε 的均方根：√(%1 + ε) = %2。</translation>
    </message>
    <message>
        <source>%1 ÷ %2 × weight %3 = %4</source>
        <translation>%1 ÷ %2 × 权重 %3 = %4</translation>
    </message>
    <message>
        <source>Soft cap: query %1, key %2</source>
        <translation>软上限：查询 %1，键 %2</translation>
    </message>
    <message>
        <source>tanh(%1 ÷ %2) × %2 = tanh(%3) × %2 = %4</source>
        <translation>tanh(%1 ÷ %2) × %2 = tanh(%3) × %2 = %4</translation>
    </message>
    <message>
        <source>Sink: query %1</source>
        <translation>汇点：查询 %1</translation>
    </message>
    <message>
        <source>The sink logit %1 takes %2 of this row&apos;s weight; the keys share the other %3.</source>
        <translation>汇点 logit %1 拿走这一行权重中的 %2；其余的 %3 由各个键分享。</translation>
    </message>
    <message>
        <source>Memory, row %1, column %2</source>
        <translation>记忆，第 %1 行，第 %2 列</translation>
    </message>
    <message>
        <source>The memory is given: it is the encoder&apos;s output, one row per source token. Cross-attention projects its keys and values from it (K = memory·W_K, V = memory·W_V), while its queries come from the decoder&apos;s rows X.</source>
        <translation>记忆是直接给出的：它是编码器的输出，每个源词元一行。交叉注意力从它投影出键和值（K = 记忆·W_K，V = 记忆·W_V），而查询来自解码器的行 X。</translation>
    </message>
    <message>
        <source>%1[%2][%3] = row %2 of the memory · column %4 of W&lt;sub&gt;%1&lt;/sub&gt;: multiply them entry by entry and add the products.</source>
        <translation>%1[%2][%3] = 记忆的“%2”行 · W&lt;sub&gt;%1&lt;/sub&gt; 的第 %4 列：逐项相乘，再把乘积加起来。</translation>
    </message>
    <message>
        <source>memory row %1</source>
        <translation>记忆的“%1”行</translation>
    </message>
</context>
<context>
    <name>LessonPages</name>
    <message>
        <source>This model reads the whole text at once (it is not causal), so it keeps no KV cache. Open a causal model such as GPT-2, Qwen2 or Llama to see these numbers for it.</source>
        <translation>这个模型一次读入整段文本（它不是因果模型），所以不保存 KV 缓存。打开一个因果模型，例如 GPT-2、Qwen2 或 Llama，就能看到它的这些数。</translation>
    </message>
    <message>
        <source>This model reads the whole text at once (it is not causal) and keeps no KV cache, which is what sharing key/value heads saves. Open a causal model such as Qwen2 or Llama to see these numbers for it.</source>
        <translation>这个模型一次读入整段文本（它不是因果模型），不保存 KV 缓存，而共用 K/V 头省下的正是这份缓存。打开一个因果模型，例如 Qwen2 或 Llama，就能看到它的这些数。</translation>
    </message>
    <message>
        <source>This model uses grouped-query attention.</source>
        <translation>这个模型使用分组查询注意力。</translation>
    </message>
    <message>
        <source>This model does not group its heads: every query head has a key/value head of its own, as in the original transformer.</source>
        <translation>这个模型不给头分组：每个查询头都有自己的 K/V 头，和最初的 Transformer 一样。</translation>
    </message>
    <message>
        <source>before each sub-layer (pre-norm)</source>
        <translation>在每个子层之前（前归一化）</translation>
    </message>
    <message>
        <source>after each residual sum (post-norm)</source>
        <translation>在每次残差相加之后（后归一化）</translation>
    </message>
    <message>
        <source>Its norms multiply by %1 + w, where w is the weight the checkpoint stores (Gemma&apos;s form of γ).</source>
        <translation>它的归一化乘以 %1 + w，其中 w 是检查点里存的权重（Gemma 写 γ 的方式）。</translation>
    </message>
    <message>
        <source>The KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Grouped-query attention</source>
        <translation>分组查询注意力</translation>
    </message>
    <message>
        <source>LayerNorm and RMSNorm</source>
        <translation>LayerNorm 与 RMSNorm</translation>
    </message>
    <message>
        <source>Open a model (File → Open Model…) and let it read a text to see this page&apos;s numbers for it and its worksheet question.</source>
        <translation>打开一个模型（“文件 → 打开模型…”）并让它读入一段文本，就能看到本页针对它的数和练习题。</translation>
    </message>
    <message>
        <source>It is pre-norm: every layer only adds to the stream, so the row leaving layer %1 is the row entering layer 1 plus what the layers&apos; attentions and MLPs wrote.</source>
        <translation>它是前归一化的：每一层都只往残差流上加，所以离开第 %1 层的行，等于进入第 1 层的行加上各层注意力和 MLP 写入的内容。</translation>
    </message>
    <message>
        <source>It is post-norm, as BERT is: each sum is normalised, so the row leaving the last layer is not the embedding plus what the layers wrote, and its length stays near the scale the last norm gives it.</source>
        <translation>它和 BERT 一样是后归一化的：每次相加的和都被归一化，所以离开最后一层的行不等于嵌入加上各层写入的内容，它的长度保持在最后一次归一化给它的尺度附近。</translation>
    </message>
    <message>
        <source>This model&apos;s MLPs are mixtures of experts: each token goes through a few of many small gated MLPs, so one width does not describe them.</source>
        <translation>这个模型的 MLP 是专家混合：每个词元只经过许多小型门控 MLP 中的几个，所以一个宽度描述不了它们。</translation>
    </message>
    <message>
        <source>Its MLP is gated: %1, where act is %2 (config.json&apos;s name for it).</source>
        <translation>它的 MLP 是门控的：%1，其中 act 是 %2（config.json 里它的名字）。</translation>
    </message>
    <message>
        <source>Its MLP is plain: %1, where act is %2 (config.json&apos;s name for it).</source>
        <translation>它的 MLP 是普通的：%1，其中 act 是 %2（config.json 里它的名字）。</translation>
    </message>
    <message>
        <source>The residual stream</source>
        <translation>残差流</translation>
    </message>
    <message>
        <source>GELU, SwiGLU and GeGLU</source>
        <translation>GELU、SwiGLU 与 GeGLU</translation>
    </message>
    <message>
        <source>This checkpoint has no output head to read the stream with (a BERT checkpoint saved without its masked-LM head), so there is no lens to show.</source>
        <translation>这个检查点没有可以用来读取残差流的输出头（保存时没有带掩码语言模型头的 BERT 检查点），所以没有透镜可显示。</translation>
    </message>
    <message>
        <source>After layer</source>
        <translation>在此层之后</translation>
    </message>
    <message>
        <source>Probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>The logit lens</source>
        <translation>Logit 透镜</translation>
    </message>
    <message>
        <source>the embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>head %1 of layer %2</source>
        <translation>第 %2 层，头 %1</translation>
    </message>
    <message>
        <source>the MLP of layer %1</source>
        <translation>第 %1 层的 MLP</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>the biases</source>
        <translation>偏置</translation>
    </message>
    <message>
        <source>Direct logit attribution</source>
        <translation>直接 logit 归因</translation>
    </message>
    <message>
        <source>How a causal mask leaks position</source>
        <translation>因果掩码如何泄露位置</translation>
    </message>
    <message>
        <source>Llama 3&apos;s rope scaling</source>
        <translation>Llama 3 的 RoPE 缩放</translation>
    </message>
    <message>
        <source>Pre-norm and post-norm</source>
        <translation>前归一化与后归一化</translation>
    </message>
    <message>
        <source>The unembedding and tied embeddings</source>
        <translation>反嵌入与共享嵌入</translation>
    </message>
    <message>
        <source>This model&apos;s head does more than one product before its logits (BERT&apos;s head first transforms the row and adds a bias at the end; Gemma 2 caps the logits), so a logit is not just a dot product here. Open GPT-2, Qwen2 or Llama for this page&apos;s numbers.</source>
        <translation>这个模型的输出头在得到 logit 之前不只做一次乘积（BERT 的输出头先变换这一行，最后再加上偏置；Gemma 2 给 logit 设上限），所以这里的 logit 不只是一个点积。打开 GPT-2、Qwen2 或 Llama，就能看到本页的数。</translation>
    </message>
    <message>
        <source>Its output head is tied: there is no lm_head tensor, and the logits are computed with the token embeddings themselves. That saves %1 weights; the model holds %2, and an lm_head of its own would add %3 per cent to them.</source>
        <translation>它的输出头是共享的：没有 lm_head 张量，logit 直接用词元嵌入本身计算。这省下了 %1 个权重；模型共有 %2 个权重，若另有自己的 lm_head，会在此基础上增加百分之 %3。</translation>
    </message>
    <message>
        <source>Its output head is not tied: lm_head is a matrix of its own, and it holds %1 of the model&apos;s %2 weights, %3 per cent of them. Tying it to the embeddings would save them.</source>
        <translation>它的输出头不是共享的：lm_head 是一个独立的矩阵，占模型 %2 个权重中的 %1 个，即百分之 %3。让它与嵌入共享就能省下这些权重。</translation>
    </message>
    <message>
        <source>This model is post-norm, as BERT is: each layer computes norm(x + f(x)), so every row that leaves a layer has just been normalised and its length is set by that norm&apos;s weights, whatever the layer added.</source>
        <translation>这个模型和 BERT 一样是后归一化的：每一层计算 norm(x + f(x))，所以离开一层的每一行都刚被归一化过，它的长度由那个归一化的权重决定，不管这一层加了什么。</translation>
    </message>
    <message>
        <source>This model is pre-norm with sandwich norms, as Gemma 2 and 3 are: each sub-layer computes x + norm(f(norm(x))), so the stream is still a running sum and can grow.</source>
        <translation>这个模型和 Gemma 2、3 一样是带三明治归一化的前归一化：每个子层计算 x + norm(f(norm(x)))，所以残差流仍是一个不断累加的和，可以变大。</translation>
    </message>
    <message>
        <source>This model is pre-norm, as GPT-2, Llama and Qwen2 are: each sub-layer computes x + f(norm(x)), so the stream is a running sum and nothing rescales it until the final norm.</source>
        <translation>这个模型和 GPT-2、Llama、Qwen2 一样是前归一化的：每个子层计算 x + f(norm(x))，所以残差流是一个不断累加的和，在最终归一化之前没有什么重新缩放它。</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>This model scales its rotary frequencies as Llama 3 does (rope_scaling of type llama3). The numbers below are its own.</source>
        <translation>这个模型像 Llama 3 那样缩放它的旋转频率（rope_scaling 的类型为 llama3）。下面的数都是它自己的。</translation>
    </message>
    <message>
        <source>This model has rotary positions but no llama3 rope scaling (rope_scaling type: %1). The numbers below are not this model&apos;s: they are those of Llama 3.1&apos;s published config, computed by the same function.</source>
        <translation>这个模型用旋转位置编码，但没有 llama3 的 RoPE 缩放（rope_scaling 类型：%1）。下面的数不是这个模型的：它们来自 Llama 3.1 公开的配置，由同一个函数算出。</translation>
    </message>
    <message>
        <source>This model has no rotary positions, so rope scaling does not concern it. The numbers below are not this model&apos;s: they are those of Llama 3.1&apos;s published config, computed by the same function the app uses for Llama models.</source>
        <translation>这个模型没有旋转位置编码，所以 RoPE 缩放与它无关。下面的数不是这个模型的：它们来自 Llama 3.1 公开的配置，由本应用计算 Llama 模型时用的同一个函数算出。</translation>
    </message>
    <message>
        <source>With these settings no pair falls between the two wavelengths, so every pair is either kept or divided by the factor.</source>
        <translation>在这些设置下，没有哪一对的波长落在两个界限之间，所以每一对要么保持原频率，要么除以 factor。</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Question.&lt;/b&gt; Pair %1 of a head turns with wavelength %2 positions before scaling. Is it kept, divided by the factor or smoothed? Compute the smooth factor s = (%3 ÷ wavelength − %4) ÷ (%5 − %4) and the number its frequency is multiplied by, (1 − s) ÷ %6 + s. What is its wavelength after scaling?&lt;/p&gt;&lt;p&gt;&lt;b&gt;Answer.&lt;/b&gt; %2 lies between %7 and %8, so it is smoothed: s = %9 and the frequency is multiplied by %10, so the wavelength becomes %2 ÷ %10 = %11 positions. Pairs with a longer wavelength are slowed down more, up to the whole factor %6.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;问题。&lt;/b&gt;一个头的第 %1 对在缩放前的波长是 %2 个位置。它是保持原频率、除以 factor，还是按比例混合？算出平滑因子 s = (%3 ÷ 波长 − %4) ÷ (%5 − %4)，以及它的频率要乘的数 (1 − s) ÷ %6 + s。缩放后它的波长是多少？&lt;/p&gt;&lt;p&gt;&lt;b&gt;答案。&lt;/b&gt;%2 介于 %7 和 %8 之间，所以按比例混合：s = %9，频率乘以 %10，于是波长变为 %2 ÷ %10 = %11 个位置。波长越长的对被放慢得越多，最多放慢 %6 倍，即整个 factor。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>This model is not causal: every token attends to every other, so each row of its attention averages the same number of values and the mask tells it nothing about position. Its position embeddings do. Open a causal model such as GPT-2, Qwen2 or Llama for this page&apos;s numbers.</source>
        <translation>这个模型不是因果模型：每个词元都关注所有其他词元，所以它的注意力每一行平均的值个数都一样，掩码不透露任何位置信息。位置信息来自它的位置嵌入。打开一个因果模型，例如 GPT-2、Qwen2 或 Llama，就能看到本页的数。</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Tokens it sees</source>
        <translation>看到的词元数</translation>
    </message>
    <message>
        <source>Uniform weight</source>
        <translation>均匀权重</translation>
    </message>
    <message>
        <source>Mean weight on itself</source>
        <translation>给自身的平均权重</translation>
    </message>
    <message>
        <source>This model&apos;s sliding-window layers keep only their last %1 tokens: once a text passes %1 tokens they hold less than these counts, add nothing more, and their queries meet %1 keys. The counts are those of a cache of every token, as its full-attention layers keep it.</source>
        <translation>这个模型的滑动窗口层只保留最后 %1 个词元：文本超过 %1 个词元后，这些层保存的比上面的数少，不再增加，它们的查询只遇到 %1 个键。上面的数是保存每个词元的缓存的数，即它的全注意力层保存的方式。</translation>
    </message>
    <message>
        <source>before and after each sub-layer (Gemma&apos;s sandwich norms)</source>
        <translation>在每个子层之前和之后（Gemma 的三明治归一化）</translation>
    </message>
    <message>
        <source>%1, and inside %2 and %3</source>
        <translation>%1，以及 %2 和 %3 内部</translation>
    </message>
    <message>
        <source>This model&apos;s last row is no sum of per-head parts (BERT&apos;s norms sit inside each layer; Gemma normalises each sub-layer&apos;s output before adding it), so its attribution is one share per layer. Open GPT-2, Qwen2, Qwen3 or Llama for this page&apos;s numbers.</source>
        <translation>这个模型的最后一行不是各个头的份额之和（BERT 的归一化位于每一层内部；Gemma 在把每个子层的输出加上去之前先对它归一化），所以它的归因是每层一份。打开 GPT-2、Qwen2、Qwen3 或 Llama，就能看到本页的数。</translation>
    </message>
    <message>
        <source>Layer 1 of this model is a sliding-window layer (w = %1): from row %2 on, every row sees exactly %1 tokens, so there the mask no longer tells the rows apart.</source>
        <translation>这个模型的第 1 层是滑动窗口层（w = %1）：从第 %2 行起，每一行都恰好看到 %1 个词元，所以从那里起掩码不再能区分各行。</translation>
    </message>
</context>
<context>
    <name>PassMessage</name>
    <message>
        <source>Type a sentence.</source>
        <translation>请输入一个句子。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
</context>
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <source>Folder</source>
        <comment>All other platforms</comment>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Drive</source>
        <translation>驱动器</translation>
    </message>
</context>
<context>
    <name>ShortcutList</name>
    <message>
        <source>Board and presentation</source>
        <translation>流程板与演示</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>&lt;p&gt;The arrow keys step while the board has the focus; Page Up and Page Down (what presentation clickers send) step everywhere.&lt;/p&gt;</source>
        <translation>&lt;p&gt;流程板获得焦点时，方向键可以前后切换步骤；Page Up 和 Page Down（演示翻页器发出的按键）在任何地方都能切换步骤。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Every key of every menu and panel, read from the actions themselves</source>
        <translation>每个菜单和面板的每个快捷键，直接取自各个操作本身</translation>
    </message>
</context>
<context>
    <name>SizeText</name>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>an exact count of bytes, then the rounded size</comment>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>UndoCommand</name>
    <message>
        <source>Set %1[%2][%3] to %4</source>
        <translation>将 %1[%2][%3] 设为 %4</translation>
    </message>
</context>
<context>
    <name>attnlab::app</name>
    <message>
        <source>--seed belongs to --experiment; try --experiment sqrt-dk --seed 1 --out FILE.png</source>
        <translation>--seed 要与 --experiment 一起用；例如 --experiment sqrt-dk --seed 1 --out FILE.png</translation>
    </message>
    <message>
        <source>--experiment takes no scene and cannot be combined with --dump, --validate, --list-examples, --example or --export</source>
        <translation>--experiment 不接受场景文件，也不能与 --dump、--validate、--list-examples、--example 或 --export 同用</translation>
    </message>
    <message>
        <source>--experiment: unknown experiment &quot;%1&quot;; known: sqrt-dk</source>
        <translation>--experiment：没有名为“%1”的实验；可用的有：sqrt-dk</translation>
    </message>
    <message>
        <source>--seed: expected a whole number from 0 to 4294967295, got &quot;%1&quot;</source>
        <translation>--seed：应为 0 到 4294967295 之间的整数，实际是“%1”</translation>
    </message>
    <message>
        <source>--export: empty stage name in &quot;%1&quot;</source>
        <translation>--export：“%1”中有空的步骤名</translation>
    </message>
    <message>
        <source>--export: unknown stage &quot;%1&quot;; the stages are %2, or board</source>
        <translation>--export：未知的步骤“%1”；可用的步骤为 %2，或 board</translation>
    </message>
    <message>
        <source>--export: this scene has no stage %1; it has %2</source>
        <translation>--export：这个场景没有步骤 %1；它有 %2</translation>
    </message>
    <message>
        <source>--export cannot be combined with --dump, --validate or --list-examples</source>
        <translation>--export 不能与 --dump、--validate 或 --list-examples 同时使用</translation>
    </message>
    <message>
        <source>--scale: expected a number from 0.25 to 8, got &quot;%1&quot;</source>
        <translation>--scale：应为 0.25 到 8 之间的数，实际为“%1”</translation>
    </message>
    <message>
        <source>--theme: expected one of %1, got &quot;%2&quot;</source>
        <translation>--theme：应为 %1 之一，实际为“%2”</translation>
    </message>
    <message>
        <source>--colormap: expected one of %1, got &quot;%2&quot;</source>
        <translation>--colormap：应为 %1 之一，实际为“%2”</translation>
    </message>
    <message>
        <source>--head: expected a head from 1 to %1, got &quot;%2&quot;</source>
        <translation>--head：应为 1 到 %1 之间的头编号，实际为“%2”</translation>
    </message>
    <message>
        <source>--model %1 needs --text TEXT</source>
        <translation>--model %1 需要 --text 文本</translation>
    </message>
    <message>
        <source>the tokenizer has %1 entries but config.json says vocab_size %2</source>
        <translation>分词器有 %1 个词条，但 config.json 中的 vocab_size 为 %2</translation>
    </message>
    <message>
        <source>--text: the text gives no tokens</source>
        <translation>--text：该文本没有产生任何词元</translation>
    </message>
    <message>
        <source>--text: the text has %1 tokens, but the model takes at most %2 (config.json %3)</source>
        <translation>--text：该文本有 %1 个词元，但模型最多接受 %2 个（config.json 的 %3）</translation>
    </message>
    <message>
        <source>--model needs --%1 (counted from 1) to pick a head</source>
        <translation>--model 需要 --%1（从 1 开始数）来选定一个头</translation>
    </message>
    <message>
        <source>--%1: expected a whole number from 1 to %2, got &quot;%3&quot;</source>
        <translation>--%1：应为 1 到 %2 之间的整数，实际为“%3”</translation>
    </message>
    <message>
        <source>--ablate: expected LAYER.HEAD[,LAYER.HEAD…] counted from 1 (e.g. 5.1,6.3), got &quot;%1&quot;</source>
        <translation>--ablate：应为 层.头[,层.头…]，从 1 开始数（例如 5.1,6.3），实际为“%1”</translation>
    </message>
    <message>
        <source>--ablate: %1 is outside the model&apos;s %2 layers × %3 heads</source>
        <translation>--ablate：%1 超出了模型的 %2 层 × %3 个头</translation>
    </message>
    <message>
        <source>--top: expected a positive whole number, got &quot;%1&quot;</source>
        <translation>--top：应为正整数，实际为“%1”</translation>
    </message>
    <message>
        <source>--predict: BERT predicts the token at the first [MASK], and --text has none</source>
        <translation>--predict：BERT 预测第一个 [MASK] 处的词元，但 --text 中没有 [MASK]</translation>
    </message>
    <message>
        <source>model.safetensors has no masked-LM head (cls.predictions.*), so it cannot predict</source>
        <translation>model.safetensors 中没有掩码语言模型头（cls.predictions.*），因此无法预测</translation>
    </message>
    <message>
        <source>cannot write to standard output</source>
        <translation>无法写入标准输出</translation>
    </message>
    <message>
        <source>--out %1: a model head is saved as a scene file FILE.attn.json; for images add --export STAGES</source>
        <translation>--out %1：模型的头保存为场景文件 FILE.attn.json；要输出图片请加上 --export 步骤</translation>
    </message>
    <message>
        <source>--out %1: cannot write the file: %2</source>
        <translation>--out %1：无法写入文件：%2</translation>
    </message>
    <message>
        <source>--%1 needs --model DIR</source>
        <translation>--%1 需要 --model 文件夹</translation>
    </message>
    <message>
        <source>--model is a scene source of its own: give a scene file, --example or --model, not two</source>
        <translation>--model 本身就是场景来源：场景文件、--example 和 --model 只能给出其中一个</translation>
    </message>
    <message>
        <source>--model cannot be combined with --%1</source>
        <translation>--model 不能与 --%1 一起使用</translation>
    </message>
    <message>
        <source>--%1 goes with --predict</source>
        <translation>--%1 只能与 --predict 一起使用</translation>
    </message>
    <message>
        <source>--predict cannot be combined with --%1</source>
        <translation>--predict 不能与 --%1 一起使用</translation>
    </message>
    <message>
        <source>--layer and --head pick a head for --dump, --export or --out; the window shows every head</source>
        <translation>--layer 和 --head 为 --dump、--export 或 --out 选定一个头；窗口中会显示所有的头</translation>
    </message>
    <message>
        <source>no such folder</source>
        <translation>没有这个文件夹</translation>
    </message>
    <message>
        <source>config.json: not found in the folder</source>
        <translation>config.json：文件夹中没有此文件</translation>
    </message>
    <message>
        <source>--experiment sqrt-dk needs --out FILE (%1)</source>
        <translation>--experiment sqrt-dk 需要 --out FILE（%1）</translation>
    </message>
    <message>
        <source>--export needs --out FILE (%1)</source>
        <translation>--export 需要 --out FILE（%1）</translation>
    </message>
    <message>
        <source>no such folder, and the Hugging Face cache %1 does not hold this model (Attention Lab never downloads models)</source>
        <translation>没有这个文件夹，Hugging Face 缓存 %1 中也没有这个模型（注意力实验室从不下载模型）</translation>
    </message>
    <message>
        <source>%1 has no refs/main: the download did not finish; download the model again</source>
        <translation>%1 中没有 refs/main：下载没有完成，请重新下载该模型</translation>
    </message>
    <message>
        <source>%1: refs/main names commit %2, whose snapshots folder is missing; download the model again</source>
        <translation>%1：refs/main 指向提交 %2，但它的 snapshots 文件夹不存在，请重新下载该模型</translation>
    </message>
    <message>
        <source>--max-new-tokens: expected a whole number ≥ 1, got &quot;%1&quot;</source>
        <translation>--max-new-tokens：应为 ≥ 1 的整数，实际是“%1”</translation>
    </message>
    <message>
        <source>--temperature: expected a number (0 = greedy), got &quot;%1&quot;</source>
        <translation>--temperature：应为一个数（0 = 贪心），实际是“%1”</translation>
    </message>
    <message>
        <source>--top-k: expected a whole number (0 = off), got &quot;%1&quot;</source>
        <translation>--top-k：应为整数（0 = 不启用），实际是“%1”</translation>
    </message>
    <message>
        <source>--top-p: expected a number in (0, 1], got &quot;%1&quot;</source>
        <translation>--top-p：应为 (0, 1] 中的数，实际是“%1”</translation>
    </message>
    <message>
        <source>--%1 goes with --generate</source>
        <translation>--%1 只能与 --generate 一起使用</translation>
    </message>
    <message>
        <source>--generate needs --model DIR (a model folder or a hub id)</source>
        <translation>--generate 需要 --model 文件夹（模型文件夹或 hub id）</translation>
    </message>
    <message>
        <source>--generate cannot be combined with --%1</source>
        <translation>--generate 不能与 --%1 一起使用</translation>
    </message>
    <message>
        <source>--generate takes no scene file</source>
        <translation>--generate 不接受场景文件</translation>
    </message>
    <message>
        <source>--%1: the model predicts the token at the first [MASK], and --text has none</source>
        <translation>--%1：该模型预测第一个 [MASK] 处的词元，但 --text 中没有 [MASK]</translation>
    </message>
    <message>
        <source>--token: expected a token id from 0 to %1 (the vocabulary), got &quot;%2&quot;</source>
        <translation>--token：应为 0 到 %1 之间的词元编号（词表范围），实际为“%2”</translation>
    </message>
    <message>
        <source>--token goes with --attribute</source>
        <translation>--token 只能与 --attribute 一起使用</translation>
    </message>
    <message>
        <source>--%1 cannot be combined with --%2</source>
        <translation>--%1 不能与 --%2 一起使用</translation>
    </message>
    <message>
        <source>--block goes with --dump</source>
        <translation>--block 只能与 --dump 一起使用</translation>
    </message>
    <message>
        <source>--block needs --layer L (counted from 1)</source>
        <translation>--block 需要 --layer 层号（从 1 开始数）</translation>
    </message>
    <message>
        <source>--top goes with --predict or --lens</source>
        <translation>--top 只能与 --predict 或 --lens 一起使用</translation>
    </message>
    <message>
        <source>--%1 goes with --flash-trace</source>
        <translation>--%1 需与 --flash-trace 一起用</translation>
    </message>
    <message>
        <source>--tokens goes with --kv-report</source>
        <translation>--tokens 需与 --kv-report 一起用</translation>
    </message>
    <message>
        <source>--%1: expected a positive whole number, got &quot;%2&quot;</source>
        <translation>--%1：应为正整数，得到的是“%2”</translation>
    </message>
    <message>
        <source>this model reads the whole text at once and generates nothing token by token, so it keeps no KV cache</source>
        <translation>这个模型一次读完整段文本，不逐词元生成，所以没有 KV 缓存</translation>
    </message>
    <message>
        <source>--tokens: expected a positive whole number, got &quot;%1&quot;</source>
        <translation>--tokens：应为正整数，得到的是“%1”</translation>
    </message>
    <message>
        <source>--kv-window: expected a whole number ≥ 1, got &quot;%1&quot;</source>
        <translation>--kv-window：应为 ≥ 1 的整数，收到的是“%1”</translation>
    </message>
    <message>
        <source>--kv-sinks goes with --kv-window W</source>
        <translation>--kv-sinks 要与 --kv-window W 一起用</translation>
    </message>
    <message>
        <source>--kv-sinks: expected a whole number ≥ 0, got &quot;%1&quot;</source>
        <translation>--kv-sinks：应为 ≥ 0 的整数，收到的是“%1”</translation>
    </message>
    <message>
        <source>--draft-tokens goes with --draft DIR</source>
        <translation>--draft-tokens 要与 --draft DIR 一起用</translation>
    </message>
    <message>
        <source>--draft-tokens: expected a whole number ≥ 1, got &quot;%1&quot;</source>
        <translation>--draft-tokens：应为 ≥ 1 的整数，收到的是“%1”</translation>
    </message>
    <message>
        <source>--draft cannot be combined with --kv-window: the draft and the target would need one policy</source>
        <translation>--draft 不能与 --kv-window 一起用：草稿模型和目标模型得用同一个缓存策略</translation>
    </message>
    <message>
        <source>--translate needs --text TEXT</source>
        <translation>--translate 需要 --text 文本</translation>
    </message>
    <message>
        <source>--%1 goes with --dump or --predict of an encoder-decoder --model</source>
        <translation>--%1 只能与编码器-解码器 --model 的 --dump 或 --predict 一起使用</translation>
    </message>
    <message>
        <source>--dump --target-text needs --attention encoder, decoder or cross</source>
        <translation>--dump --target-text 需要 --attention encoder、decoder 或 cross</translation>
    </message>
    <message>
        <source>--attention: expected encoder, decoder or cross, got &quot;%1&quot;</source>
        <translation>--attention：应为 encoder、decoder 或 cross，实际为“%1”</translation>
    </message>
    <message>
        <source>no such file or folder, and the Ollama store %1 has no %2 (set OLLAMA_MODELS for another store; Attention Lab never downloads models)</source>
        <translation>没有这个文件或文件夹，Ollama 模型库 %1 中也没有 %2（要用别的模型库，请设置 OLLAMA_MODELS；注意力实验室从不下载模型）</translation>
    </message>
    <message>
        <source>%1 names the model blob %2, which the store does not hold; pull the model again</source>
        <translation>%1 指向模型数据块 %2，但模型库中没有它；请重新拉取（pull）这个模型</translation>
    </message>
    <message>
        <source>the Ollama store %1: %2</source>
        <translation>Ollama 模型库 %1：%2</translation>
    </message>
    <message>
        <source>--list-models reads no scene file</source>
        <translation>--list-models 不读取场景文件</translation>
    </message>
</context>
<context>
    <name>attnlab::ui</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>cannot write %1: the PNG encoder failed</source>
        <translation>无法写入 %1：PNG 编码失败</translation>
    </message>
    <message>
        <source>Exported by Attention Lab</source>
        <translation>由注意力实验室导出</translation>
    </message>
    <message>
        <source>the scale must be between 0.25 and 8</source>
        <translation>缩放倍数必须在 0.25 到 8 之间</translation>
    </message>
    <message>
        <source>none of the chosen stages exists in this scene</source>
        <translation>所选的步骤在这个场景中都不存在</translation>
    </message>
    <message>
        <source>there is nothing to export</source>
        <translation>没有可以导出的内容</translation>
    </message>
    <message>
        <source>this scene has no stage %1</source>
        <translation>这个场景没有步骤 %1</translation>
    </message>
    <message>
        <source>query \ key</source>
        <translation>查询 \ 键</translation>
    </message>
    <message>
        <source>token</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>Q rotated</source>
        <translation>旋转后的 Q</translation>
    </message>
    <message>
        <source>K rotated</source>
        <translation>旋转后的 K</translation>
    </message>
    <message>
        <source>scores</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>scaled scores</source>
        <translation>缩放后的分数</translation>
    </message>
    <message>
        <source>masked scores</source>
        <translation>掩码后的分数</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>context</source>
        <translation>上下文向量</translation>
    </message>
    <message>
        <source>concat</source>
        <translation>拼接结果</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>X = embeddings + positions</source>
        <translation>X = 嵌入 + 位置</translation>
    </message>
    <message>
        <source>X = embeddings</source>
        <translation>X = 嵌入</translation>
    </message>
    <message>
        <source>Q (given)</source>
        <translation>Q（直接给出）</translation>
    </message>
    <message>
        <source>Q = X·W_Q</source>
        <translation>Q = X·W_Q</translation>
    </message>
    <message>
        <source>K (given)</source>
        <translation>K（直接给出）</translation>
    </message>
    <message>
        <source>K = X·W_K</source>
        <translation>K = X·W_K</translation>
    </message>
    <message>
        <source>V (given)</source>
        <translation>V（直接给出）</translation>
    </message>
    <message>
        <source>V = X·W_V</source>
        <translation>V = X·W_V</translation>
    </message>
    <message>
        <source>Q rotated (RoPE)</source>
        <translation>旋转后的 Q（RoPE）</translation>
    </message>
    <message>
        <source>K rotated (RoPE)</source>
        <translation>旋转后的 K（RoPE）</translation>
    </message>
    <message>
        <source>scores = Q·Kᵀ</source>
        <translation>分数 = Q·Kᵀ</translation>
    </message>
    <message>
        <source>scaled = scores ÷ √d_k</source>
        <translation>缩放后的分数 = 分数 ÷ √d_k</translation>
    </message>
    <message>
        <source>scaled = scores (not scaled)</source>
        <translation>缩放后的分数 = 分数（未缩放）</translation>
    </message>
    <message>
        <source>scaled = scores ÷ %1</source>
        <translation>缩放后的分数 = 分数 ÷ %1</translation>
    </message>
    <message>
        <source>masked = scaled, hidden keys → −∞</source>
        <translation>掩码后的分数 = 缩放后的分数，被遮住的键 → −∞</translation>
    </message>
    <message>
        <source>weights = softmax(masked)</source>
        <translation>注意力权重 = softmax(掩码后的分数)</translation>
    </message>
    <message>
        <source>context = weights·V</source>
        <translation>上下文 = 权重·V</translation>
    </message>
    <message>
        <source>concat = [context of every head]</source>
        <translation>拼接 = [每个头的上下文]</translation>
    </message>
    <message>
        <source>output = concat·W_O</source>
        <translation>输出 = 拼接·W_O</translation>
    </message>
    <message>
        <source>output = concat</source>
        <translation>输出 = 拼接</translation>
    </message>
    <message>
        <source>query (who looks)</source>
        <translation>查询（去看的词元）</translation>
    </message>
    <message>
        <source>key (looked at)</source>
        <translation>键（被看的词元）</translation>
    </message>
    <message>
        <source>feature (d_model)</source>
        <translation>特征（d_model）</translation>
    </message>
    <message>
        <source>feature (d_k)</source>
        <translation>特征（d_k）</translation>
    </message>
    <message>
        <source>feature (d_v)</source>
        <translation>特征（d_v）</translation>
    </message>
    <message>
        <source>feature (heads × d_v)</source>
        <translation>特征（头数 × d_v）</translation>
    </message>
    <message>
        <source>the chart has no size</source>
        <translation>图表的尺寸为零</translation>
    </message>
    <message>
        <source>Tokens: %1</source>
        <translation>词元：%1</translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation>术语表</translation>
    </message>
    <message>
        <source>there is nothing to calculate</source>
        <translation>没有可以计算的内容</translation>
    </message>
    <message>
        <source>a worksheet is for pencil and paper: at most %1 tokens and %2 columns per head (this scene has %3 tokens and d_k = %4)</source>
        <translation>练习纸是用纸笔来算的：最多 %1 个词元，每个头最多 %2 列（这个场景有 %3 个词元，d_k = %4）</translation>
    </message>
    <message>
        <source>Answer key: %1</source>
        <translation>答案：%1</translation>
    </message>
    <message>
        <source>Worksheet: %1</source>
        <translation>练习：%1</translation>
    </message>
    <message>
        <source>Work out the blank tables by hand from the given Q, K and V, one stage after the other. Round to three decimals.</source>
        <translation>根据给出的 Q、K、V，一步接一步地手算填出空白的表格。结果保留三位小数。</translation>
    </message>
    <message>
        <source>no scaling: scaled = scores</source>
        <translation>不缩放：缩放后的分数 = 分数</translation>
    </message>
    <message>
        <source>divide every score by %1</source>
        <translation>每个分数除以 %1</translation>
    </message>
    <message>
        <source>Head %1 of %2</source>
        <translation>头 %1（共 %2 个）</translation>
    </message>
    <message>
        <source>Causal mask: each query sees its own token and the ones before it; every later key is hidden (−∞).</source>
        <translation>因果掩码：每个查询能看到自己和排在前面的词元；后面的键都被遮住（−∞）。</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>掩码</translation>
    </message>
    <message>
        <source>✓: the query (row) may look at the key (column); ✗: hidden, −∞.</source>
        <translation>✓：查询（行）可以看这个键（列）；✗：被遮住，为 −∞。</translation>
    </message>
    <message>
        <source>score %1 → %2</source>
        <translation>分数 %1 → %2</translation>
    </message>
    <message>
        <source>scaled %1 → %2</source>
        <translation>缩放后的分数 %1 → %2</translation>
    </message>
    <message>
        <source>context of %1, column 0</source>
        <translation>%1 的上下文向量，第 0 列</translation>
    </message>
    <message>
        <source>Worked example, %1: %2</source>
        <translation>算例，%1：%2</translation>
    </message>
    <message>
        <source>Work out the blank tables by hand from the given Q_rot, K_rot (Q and K already rotated by position) and V, one stage after the other. Round to three decimals.</source>
        <translation>根据给出的 Q_rot、K_rot（已按位置旋转过的 Q 和 K）和 V，一步接一步地手算填出空白的表格。结果保留三位小数。</translation>
    </message>
    <message>
        <source>X (given: what this layer&apos;s attention reads)</source>
        <translation>X（直接给出：这一层的注意力读入的内容）</translation>
    </message>
    <message>
        <source>Q = X·W_Q + b_Q</source>
        <translation>Q = X·W_Q + b_Q</translation>
    </message>
    <message>
        <source>K = X·W_K + b_K</source>
        <translation>K = X·W_K + b_K</translation>
    </message>
    <message>
        <source>V = X·W_V + b_V</source>
        <translation>V = X·W_V + b_V</translation>
    </message>
    <message>
        <source>scores = Q_rot·K_rotᵀ</source>
        <translation>分数 = Q_rot·K_rotᵀ</translation>
    </message>
    <message>
        <source>output = concat·W_O + b_O</source>
        <translation>输出 = 拼接·W_O + b_O</translation>
    </message>
    <message>
        <source>there is no example called &quot;%1&quot;; the examples are: %2</source>
        <translation>没有名为“%1”的示例；现有示例：%2</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <extracomment>Joins the first entries of a list of file suffixes or formats: &quot;.png&quot; and &quot;.svg&quot;.</extracomment>
        <translation>%1、%2</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <extracomment>Joins the last entry of a list of file suffixes or formats: &quot;.png, .svg&quot; and &quot;.pdf&quot;.</extracomment>
        <translation>%1 或 %2</translation>
    </message>
    <message>
        <source>%1: unknown file type; the file name must end in %2</source>
        <translation>%1：未知的文件类型；文件名必须以 %2 结尾</translation>
    </message>
    <message>
        <source>Q rotated (RoPE, rotate-half)</source>
        <translation>旋转后的 Q（RoPE，前后半配对）</translation>
    </message>
    <message>
        <source>K rotated (RoPE, rotate-half)</source>
        <translation>旋转后的 K（RoPE，前后半配对）</translation>
    </message>
    <message>
        <source>another sentence</source>
        <translation>换了句子</translation>
    </message>
    <message>
        <source>another way of giving Q, K and V</source>
        <translation>换了给出 Q、K、V 的方式</translation>
    </message>
    <message>
        <source>another number of heads</source>
        <translation>头数不同</translation>
    </message>
    <message>
        <source>other sizes</source>
        <translation>尺寸不同</translation>
    </message>
    <message>
        <source>another mask</source>
        <translation>掩码不同</translation>
    </message>
    <message>
        <source>another positional encoding</source>
        <translation>位置编码不同</translation>
    </message>
    <message>
        <source>another scale</source>
        <translation>缩放不同</translation>
    </message>
    <message>
        <source>This scene began as the example “%1”, and its description does not fit it any more (%2), so it is not shown. File → Examples → %1 opens the example as shipped, with its description.</source>
        <translation>这个场景最初是例子“%1”，它的说明已不再适用（%2），因此不显示。文件 → 例子 → %1 可打开随程序提供的原始例子及其说明。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>This describes the example “%1” as shipped, with the example&apos;s numbers: the scene has been edited since, and the board shows the numbers as they are now.</source>
        <translation>以下说明写的是随程序提供的原始例子“%1”，数字也是那个例子的：场景之后已改动过，流程板上显示的是现在的数字。</translation>
    </message>
    <message>
        <source>sum: %1</source>
        <translation>求和：%1</translation>
    </message>
    <message>
        <source>weight %1 → %2: %3</source>
        <translation>权重 %1 → %2：%3</translation>
    </message>
    <message>
        <source>A key the mask hides counts as −∞, and e^(−∞) = 0: its weight is 0.</source>
        <translation>被掩码隐藏的键算作 −∞，而 e^(−∞) = 0：它的权重是 0。</translation>
    </message>
    <message>
        <source>Worked example, the softmax of the row of %1:</source>
        <translation>算例，%1 这一行的 softmax：</translation>
    </message>
    <message>
        <source>weights = softmax(scaled), row by row</source>
        <translation>注意力权重 = softmax(缩放后的分数)，逐行计算</translation>
    </message>
    <message>
        <source>weights = softmax(scaled), row by row, over the keys the mask lets the row see; a hidden key&apos;s weight is 0</source>
        <translation>注意力权重 = softmax(缩放后的分数)，逐行计算，只算掩码允许这一行看到的键；被隐藏的键权重为 0</translation>
    </message>
    <message>
        <source>Q after QK-norm (RMSNorm per row)</source>
        <translation>QK-norm 之后的 Q（逐行 RMSNorm）</translation>
    </message>
    <message>
        <source>K after QK-norm (RMSNorm per row)</source>
        <translation>QK-norm 之后的 K（逐行 RMSNorm）</translation>
    </message>
    <message>
        <source>capped = tanh(scaled ÷ c)·c, c = %1</source>
        <translation>capped = tanh(scaled ÷ c)·c，c = %1</translation>
    </message>
    <message>
        <source>the sink logit&apos;s share of each row</source>
        <translation>汇点 logit 在每一行中的份额</translation>
    </message>
    <message>
        <source>sink share</source>
        <translation>汇点份额</translation>
    </message>
    <message>
        <source>Q normed</source>
        <translation>归一化后的 Q</translation>
    </message>
    <message>
        <source>K normed</source>
        <translation>归一化后的 K</translation>
    </message>
    <message>
        <source>capped scores</source>
        <translation>软上限后的分数</translation>
    </message>
    <message>
        <source>attention variants switched on</source>
        <translation>打开了注意力变体</translation>
    </message>
    <message>
        <source>X (given: the decoder&apos;s rows, from which Q comes)</source>
        <translation>X（直接给出：解码器的行，Q 由它得出）</translation>
    </message>
    <message>
        <source>memory (the encoder&apos;s output)</source>
        <translation>记忆（编码器的输出）</translation>
    </message>
    <message>
        <source>K = memory·W_K + b_K</source>
        <translation>K = 记忆·W_K + b_K</translation>
    </message>
    <message>
        <source>K = memory·W_K</source>
        <translation>K = 记忆·W_K</translation>
    </message>
    <message>
        <source>V = memory·W_V + b_V</source>
        <translation>V = 记忆·W_V + b_V</translation>
    </message>
    <message>
        <source>V = memory·W_V</source>
        <translation>V = 记忆·W_V</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>记忆</translation>
    </message>
    <message numerus="yes">
        <source>A sliding window of %n key(s) hides more: query i does not see key j when j ≤ i − %n.</source>
        <translation>
            <numerusform>滑动窗口（宽 %n 个键）还会再隐藏一些键：当 j ≤ i − %n 时，查询 i 看不到键 j。</numerusform>
        </translation>
    </message>
    <message>
        <source>The first token stays visible to every query as a sink.</source>
        <translation>第一个词元作为汇点（sink），对每个查询始终可见。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::AbComparison</name>
    <message>
        <source>B: no positional encoding</source>
        <translation>B：不用位置编码</translation>
    </message>
    <message>
        <source>B: sinusoidal positions</source>
        <translation>B：正弦位置编码</translation>
    </message>
    <message>
        <source>B: rotary positions (RoPE)</source>
        <translation>B：旋转位置编码（RoPE）</translation>
    </message>
    <message>
        <source>B: unscaled (divisor 1)</source>
        <translation>B：不缩放（除数为 1）</translation>
    </message>
    <message>
        <source>B: scaled by √d_k</source>
        <translation>B：除以 √d_k 缩放</translation>
    </message>
    <message>
        <source>B: causal mask</source>
        <translation>B：因果掩码</translation>
    </message>
    <message>
        <source>B: no mask</source>
        <translation>B：无掩码</translation>
    </message>
    <message>
        <source>B: head %1</source>
        <translation>B：头 %1</translation>
    </message>
    <message>
        <source>%1 cannot be compared: %2</source>
        <translation>无法比较 %1：%2</translation>
    </message>
    <message>
        <source>Compare with a Scene</source>
        <translation>与场景比较</translation>
    </message>
    <message>
        <source>Attention Lab scenes (*.attn.json *.json);;All files (*)</source>
        <translation>注意力实验室场景 (*.attn.json *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>no change of this scene makes a different B; keep it as A or open a scene file</source>
        <translation>对这个场景做任何一种预设改动都得不到不同的 B；请把它保留为 A，或打开一个场景文件</translation>
    </message>
    <message>
        <source>B cannot be made: %1</source>
        <translation>无法生成 B：%1</translation>
    </message>
    <message>
        <source>A: %1, head %2</source>
        <translation>A：%1，头 %2</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>B: %1, head %2</source>
        <translation>B：%1，头 %2</translation>
    </message>
    <message>
        <source>B is a copy of the current scene with this one change, a scene file, or the current scene against the snapshot kept as A</source>
        <translation>B 可以是当前场景做了这一处改动后的副本、一个场景文件，或者是当前场景本身（此时 A 是保留下来的快照）</translation>
    </message>
    <message>
        <source>&amp;Keep as A</source>
        <translation>保留为 A(&amp;K)</translation>
    </message>
    <message>
        <source>Freeze the current scene as A; then edit the scene and watch B − A</source>
        <translation>把当前场景定格为 A；然后编辑场景，观察 B − A 的变化</translation>
    </message>
    <message>
        <source>&amp;Open B…</source>
        <translation>打开 B(&amp;O)…</translation>
    </message>
    <message>
        <source>Compare the current scene with a saved scene file</source>
        <translation>把当前场景与一个已保存的场景文件比较</translation>
    </message>
    <message>
        <source>A: the current scene, or the snapshot kept as A. Right-click to export.</source>
        <translation>A：当前场景，或保留为 A 的快照。右键点击可导出。</translation>
    </message>
    <message>
        <source>B: what A is compared with. Right-click to export.</source>
        <translation>B：与 A 比较的对象。右键点击可导出。</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>B: the current scene (A is the kept snapshot)</source>
        <translation>B：当前场景（A 是保留下来的快照）</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>Only %1 has the stage %2, so there is no difference to show.</source>
        <translation>只有 %1 有 %2 这一步，因此没有差异可显示。</translation>
    </message>
    <message>
        <source>A and B have different shapes at %1.</source>
        <translation>A 和 B 在 %1 这一步的形状不同。</translation>
    </message>
    <message>
        <source>Largest change at %1: %2.</source>
        <translation>%1 这一步的最大变化：%2。</translation>
    </message>
    <message>
        <source>Grey cells are hidden in one of the two scenes.</source>
        <translation>灰色格子在两个场景之一中被遮住。</translation>
    </message>
    <message>
        <source>&amp;Compare with:</source>
        <translation>比较对象(&amp;C)：</translation>
    </message>
    <message>
        <source>S&amp;tage:</source>
        <translation>步骤(&amp;T)：</translation>
    </message>
    <message>
        <source>The pipeline stage shown for A, B and their difference</source>
        <translation>A、B 及其差异所显示的计算步骤</translation>
    </message>
    <message>
        <source>B − A cell by cell: red where B is larger, blue where it is smaller. Right-click to export.</source>
        <translation>逐格计算的 B − A：B 较大处为红色，较小处为蓝色。右键点击可导出。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::AttentionGrid</name>
    <message>
        <source>Layer %1, head %2: click to show it</source>
        <translation>第 %1 层，头 %2：点击显示它</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::AttributionPanel</name>
    <message>
        <source>Direct logit attribution: how much each part of the model writes toward one token&apos;s logit.</source>
        <translation>直接 logit 归因：模型的每个部分为某个词元的 logit 写入了多少。</translation>
    </message>
    <message>
        <source>Attribution</source>
        <translation>归因</translation>
    </message>
    <message>
        <source>Token:</source>
        <translation>词元：</translation>
    </message>
    <message>
        <source>The token whose logit is taken apart: the predicted one, or another of the most likely ones.</source>
        <translation>要拆分其 logit 的词元：预测出的那个，或其他最可能的词元之一。</translation>
    </message>
    <message>
        <source>id</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>Any token of the vocabulary by its id.</source>
        <translation>按编号选择词表中的任意词元。</translation>
    </message>
    <message>
        <source>One bar per part, the largest on top: red pushes the token&apos;s logit up, blue pushes it down. Click a head&apos;s bar to select the head; double-click to open it on the board.</source>
        <translation>每个部分一根条，最大的在最上面：红色把该词元的 logit 推高，蓝色把它压低。单击某个头的条可选中这个头；双击可在流程板上打开它。</translation>
    </message>
    <message>
        <source>The parts add up to the logit the model computed.</source>
        <translation>各部分加起来等于模型算出的 logit。</translation>
    </message>
    <message>
        <source>the predicted token, “%1”</source>
        <translation>预测的词元“%1”</translation>
    </message>
    <message>
        <source>Open a model to take its prediction apart.</source>
        <translation>打开一个模型即可拆分它的预测。</translation>
    </message>
    <message>
        <source>This checkpoint has no output head, so there is no logit to take apart.</source>
        <translation>这个检查点没有输出头，因此没有可拆分的 logit。</translation>
    </message>
    <message>
        <source>Computing the attribution…</source>
        <translation>正在计算归因…</translation>
    </message>
    <message>
        <source>embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>MLP %1</source>
        <translation>MLP %1</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>biases</source>
        <translation>偏置</translation>
    </message>
    <message>
        <source>the other %1 parts</source>
        <translation>其余 %1 个部分</translation>
    </message>
    <message>
        <source>Sum of the %1 parts: %2   ·   logit of “%3”: %4</source>
        <translation>%1 个部分之和：%2   ·   “%3”的 logit：%4</translation>
    </message>
    <message>
        <source>Each bar is what one part writes into the residual stream, read through the final norm and the token&apos;s unembedding row. The final norm&apos;s scale is frozen at the value it has on the full residual stream, which makes it linear, so the parts add up to the logit.</source>
        <translation>每根条是一个部分写入残差流的内容，经过最终归一化和该词元的反嵌入行读出。最终归一化的缩放固定为它在完整残差流上的值，这样它就是线性的，所以各部分加起来等于 logit。</translation>
    </message>
    <message>
        <source>BERT normalises the residual stream inside every layer (post-norm), so the logit does not split into heads: each bar is a whole layer, how much it changes the logit lens&apos;s logit of the token (the embeddings&apos; bar is the lens at layer 0). These also add up to the logit.</source>
        <translation>BERT 在每一层内部都对残差流做归一化（后归一化），所以 logit 无法拆分到各个头：每根条是一整层，表示它让 logit 透镜中该词元的 logit 改变了多少（嵌入那根条是第 0 层的透镜）。这些加起来同样等于 logit。</translation>
    </message>
    <message>
        <source>Write [MASK] where BERT should fill in a word: the chart takes apart the logit of a filler there.</source>
        <translation>在要让 BERT 填词的位置写上 [MASK]：图表拆解的是该位置上一个候选词的 logit。</translation>
    </message>
    <message>
        <source>contribution to the logit of “%1”</source>
        <translation>对“%1”的 logit 的贡献</translation>
    </message>
    <message>
        <source>Not available now: BERT predicts only where the sentence has [MASK]; write [MASK] where it should fill in a word.</source>
        <translation>现在不可用：BERT 只在句子中有 [MASK] 的位置做预测；请在要让它填词的位置写上 [MASK]。</translation>
    </message>
    <message>
        <source>This model normalises the output of every attention and MLP before adding it to the residual stream (Gemma&apos;s post_attention_layernorm and post_feedforward_layernorm), and Gemma 2 also caps the final logits, so the logit does not split into heads: each bar is a whole layer, how much it changes the logit lens&apos;s logit of the token (the embeddings&apos; bar is the lens at layer 0). These also add up to the logit.</source>
        <translation>这个模型在把每个注意力和 MLP 的输出加到残差流之前先对它做归一化（Gemma 的 post_attention_layernorm 和 post_feedforward_layernorm），Gemma 2 还对最终 logit 设软上限，所以 logit 无法拆分到各个头：每根条是一整层，表示它让 logit 透镜中该词元的 logit 改变了多少（嵌入那根条是第 0 层的透镜）。这些加起来同样等于 logit。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::BlockBoard</name>
    <message>
        <source>Open a layer from the model room (Open Layer on Board).</source>
        <translation>请在模型工作区中打开一层（“在流程板上打开第 N 层”）。</translation>
    </message>
    <message>
        <source>Click a cell to see how its number is computed.</source>
        <translation>点击一个单元格，查看它的数值是怎样算出来的。</translation>
    </message>
    <message>
        <source>Layer %1 of %2, the whole block</source>
        <translation>%2 的第 %1 层：整个模块</translation>
    </message>
    <message>
        <source>Block Board</source>
        <translation>整层流程板</translation>
    </message>
    <message>
        <source>&amp;Layer:</source>
        <translation>层(&amp;L)：</translation>
    </message>
    <message>
        <source>Which layer&apos;s block the board shows (1 is the layer nearest the embeddings)</source>
        <translation>流程板显示哪一层的模块（第 1 层离嵌入最近）</translation>
    </message>
    <message>
        <source>How the clicked cell&apos;s number is computed, step by step, with the model&apos;s own numbers</source>
        <translation>用模型自己的数值，一步步说明所点单元格的数值是怎样算出来的</translation>
    </message>
    <message>
        <source>Previous Layer</source>
        <translation>上一层</translation>
    </message>
    <message>
        <source>Next Layer</source>
        <translation>下一层</translation>
    </message>
    <message>
        <source>Show the block of the layer below (Ctrl+Page Up)</source>
        <translation>显示下面一层的模块（Ctrl+Page Up）</translation>
    </message>
    <message>
        <source>Show the block of the layer above (Ctrl+Page Down)</source>
        <translation>显示上面一层的模块（Ctrl+Page Down）</translation>
    </message>
    <message>
        <source>The board is updating after an edit: some numbers below may still be from before it.</source>
        <translation>流程板正在根据修改更新：下面有些数字可能仍是修改之前的。</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Undo “%1” (Ctrl+Z)</source>
        <translation>撤销“%1”（Ctrl+Z）</translation>
    </message>
    <message>
        <source>Undo the last change to the model (Ctrl+Z)</source>
        <translation>撤销对模型的上一次改动（Ctrl+Z）</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Redo “%1” (Ctrl+Shift+Z)</source>
        <translation>重做“%1”（Ctrl+Shift+Z）</translation>
    </message>
    <message>
        <source>Redo the change just undone (Ctrl+Shift+Z)</source>
        <translation>重做刚刚撤销的改动（Ctrl+Shift+Z）</translation>
    </message>
    <message>
        <source>Lesson: %1</source>
        <translation>课程页：%1</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::BlockCard</name>
    <message>
        <source>%1 heads, each %2×%2 weights</source>
        <translation>%1 个头，每个 %2×%2 个权重</translation>
    </message>
    <message>
        <source>Head %1 (switched off). Click to open it on the pipeline board.</source>
        <translation>头 %1（已关闭）。点击即可在流程板上打开它。</translation>
    </message>
    <message>
        <source>Head %1. Click to open it on the pipeline board.</source>
        <translation>头 %1。点击即可在流程板上打开它。</translation>
    </message>
    <message>
        <source>Updating: only rows %1 show the edit so far; the others follow when the layer is recomputed.</source>
        <translation>正在更新：目前只有第 %1 行显示了这次修改，其余各行在本层重新计算后跟上。</translation>
    </message>
    <message>
        <source>Updating: these numbers are from before the edit until the layer is recomputed.</source>
        <translation>正在更新：在本层重新计算之前，这些数字仍是修改之前的。</translation>
    </message>
    <message>
        <source>Updating…</source>
        <translation>正在更新…</translation>
    </message>
    <message>
        <source>Updating: rows %1 done</source>
        <translation>正在更新：第 %1 行已更新</translation>
    </message>
    <message>
        <source>The edit is shown at once where it can be computed quickly; the worker recomputes the whole layer.</source>
        <translation>能快速算出的部分立即显示修改结果；整层由后台重新计算。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::BlockWeightModel</name>
    <message>
        <source>Dimension %1</source>
        <translation>维度 %1</translation>
    </message>
    <message>
        <source>Row %1: the weights input dimension %1 feeds to every output</source>
        <translation>第 %1 行：输入维度 %1 送往每个输出的权重</translation>
    </message>
    <message>
        <source>Column %1: the weights output dimension %1 sums</source>
        <translation>第 %1 列：输出维度 %1 求和所用的权重</translation>
    </message>
    <message>
        <source>%1[%2][%3] of layer %4 = %5
Double-click or type to edit, or drag sideways to scrub (the wheel scrubs the selected cell); the model runs again from this layer and the prediction shows its old value beside the new one.</source>
        <translation>第 %4 层的 %1[%2][%3] = %5
双击或直接输入即可编辑，也可左右拖动连续调整数值（鼠标滚轮调整选中的单元格）；模型从这一层起重新计算，预测会把旧值和新值并排显示。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::BlockWeightPanel</name>
    <message>
        <source>&lt;b&gt;Weights&lt;/b&gt;</source>
        <translation>&lt;b&gt;权重&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Weights of layer %1&lt;/b&gt;</source>
        <translation>&lt;b&gt;第 %1 层的权重&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Which of the layer&apos;s weights to show and edit: the norms&apos; weight and bias, W_O and its bias, the MLP&apos;s matrices and biases. A matrix reads inputs × outputs (x·W); a vector is one row.</source>
        <translation>选择要显示和编辑的本层权重：归一化的权重和偏置、W_O 及其偏置、MLP 的矩阵和偏置。矩阵按 输入 × 输出（x·W）排列；向量是一行。</translation>
    </message>
    <message>
        <source>An edit changes the model&apos;s own copy of this layer&apos;s weights, never the checkpoint file. The prediction panel shows the prediction before the edit beside the new one.</source>
        <translation>编辑只改动模型在内存中对这一层权重的副本，从不改动检查点文件。预测面板把编辑前的预测和新的预测并排显示。</translation>
    </message>
    <message>
        <source>%1 (%2 × %3)</source>
        <translation>%1（%2 × %3）</translation>
    </message>
    <message>
        <source>Double-click or start typing to edit a cell. Drag sideways on a cell to scrub its value and watch the prediction follow; the mouse wheel scrubs the selected cell. Shift: coarse steps, Ctrl: fine steps. Each edit or drag is one undo step (Ctrl+Z); the model runs again from this layer.</source>
        <translation>双击或直接输入即可编辑单元格。在单元格上左右拖动可连续调整数值，预测随之变化；鼠标滚轮调整选中的单元格。Shift：大步调整，Ctrl：小步调整。每次编辑或每次拖动是一个撤销步骤（Ctrl+Z）；模型从这一层起重新计算。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::Board</name>
    <message>
        <source>%1 tokens: %2 …</source>
        <translation>%1 个词元：%2 …</translation>
    </message>
    <message>
        <source>tokens: %1</source>
        <translation>词元：%1</translation>
    </message>
    <message>
        <source>head %1 of %2</source>
        <translation>头 %1（共 %2 个）</translation>
    </message>
    <message>
        <source>Hatched cells are masked: the query may not look at that key, so its weight is exactly 0.</source>
        <translation>带斜线的格子被掩码遮住：这个查询不能看这个键，因此权重恰好为 0。</translation>
    </message>
    <message>
        <source>Hatched cells are masked: the query may not look at that key (−∞ before the softmax).</source>
        <translation>带斜线的格子被掩码遮住：这个查询不能看这个键（softmax 之前为 −∞）。</translation>
    </message>
    <message>
        <source>%1: sees no key at all, so its weights and its context are all 0.</source>
        <translation>%1：看不到任何键，因此它的权重和上下文全为 0。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::BoardLink</name>
    <message>
        <source>The board is an ordinary scene now: another model was opened, and the head it shows belongs to the model before.</source>
        <translation>流程板现在是普通场景：已打开另一个模型，板上显示的头属于之前的模型。</translation>
    </message>
    <message>
        <source>Reading the head for the board…</source>
        <translation>正在为流程板读取这个头…</translation>
    </message>
    <message>
        <source>%1 (head %2)</source>
        <translation>%1（头 %2）</translation>
    </message>
    <message>
        <source>Set %1[%2][%3] of head %4 to %5</source>
        <translation>将头 %4 的 %1[%2][%3] 设为 %5</translation>
    </message>
    <message>
        <source>Set %1 cells of %2 of head %3</source>
        <translation>设置头 %3 的 %2 中的 %1 个单元格</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>Linked to head %1 of %2: an edit of W_Q, W_K, W_V, W_O or a bias changes the model at once (one undo step, in Edit → Undo and in the model room), and the board, the grid and the prediction follow. Editing X, the tokens, the mask or a setting makes the board an ordinary scene.</source>
        <translation>已链接到 %2 的头 %1：修改 W_Q、W_K、W_V、W_O 或偏置会立即改变模型（一步撤销，在“编辑 → 撤销”和模型工作区中），流程板、网格和预测随之更新。修改 X、词元、掩码或设置会使流程板变回普通场景。</translation>
    </message>
    <message>
        <source>W_K and W_V are shared with head %1 (grouped-query attention): editing them changes that head too.</source>
        <translation>W_K 和 W_V 与头 %1 共用（分组查询注意力）：修改它们也会改变那个头。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::CachePolicyBar</name>
    <message>
        <source>Evicting the KV cache</source>
        <translation>从 KV 缓存中淘汰</translation>
    </message>
    <message>
        <source>The only token sees its own key.</source>
        <translation>唯一的词元只看到它自己的键。</translation>
    </message>
    <message>
        <source>The newest token sees all %1 keys.</source>
        <translation>最新的词元看到全部 %1 个键。</translation>
    </message>
    <message>
        <source>The newest token sees %1 of %2 keys; an engine keeps at most %3 rows per layer.</source>
        <translation>最新的词元看到 %2 个键中的 %1 个；推理引擎每层最多保留 %3 行。</translation>
    </message>
    <message>
        <source>Cache policy:</source>
        <translation>缓存策略：</translation>
    </message>
    <message>
        <source>Keep every token</source>
        <translation>保留全部词元</translation>
    </message>
    <message>
        <source>Window of the last W</source>
        <translation>最后 W 个的窗口</translation>
    </message>
    <message>
        <source>Window + first S (sinks)</source>
        <translation>窗口 + 前 S 个（汇点）</translation>
    </message>
    <message>
        <source>Which keys and values the cache keeps. Evicted tokens can no longer be attended to: their weights are 0 in every head, and the prediction changes. Sinks are the first tokens, kept because models put much attention on them (StreamingLLM).</source>
        <translation>缓存保留哪些键和值。被逐出的词元再也不能被关注：它们在每个头里的权重都是 0，预测也随之改变。汇点是最前面的几个词元，因为模型会把很多注意力放在它们上面而被保留（StreamingLLM）。</translation>
    </message>
    <message>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <source>Window: each token sees itself and the W − 1 tokens before it (besides the sinks).</source>
        <translation>窗口：每个词元看到它自己和它前面的 W − 1 个词元（汇点之外）。</translation>
    </message>
    <message>
        <source>S</source>
        <translation>S</translation>
    </message>
    <message>
        <source>Sinks: the first S tokens stay visible to every later token.</source>
        <translation>汇点：前 S 个词元对之后的每个词元都保持可见。</translation>
    </message>
    <message>
        <source>Kept keys keep their original positions: nothing is rotated again.</source>
        <translation>保留的键保持原来的位置：不会重新旋转。</translation>
    </message>
    <message>
        <source>What evicting the cache does, and why sinks help</source>
        <translation>淘汰缓存会怎样，汇点为什么有用</translation>
    </message>
    <message>
        <source>The newest token sees at most %1 of the %2 keys: every layer of this model slides a window.</source>
        <translation>最新的词元最多看到 %2 个键中的 %1 个：这个模型的每一层都用滑动窗口。</translation>
    </message>
    <message>
        <source>The newest token sees all %1 keys in a full-attention layer and at most %2 in a sliding-window layer.</source>
        <translation>最新的词元在全注意力层里看到全部 %1 个键，在滑动窗口层里最多看到 %2 个。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::ChartExportMenus</name>
    <message>
        <source>Export chart…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <source>Save this chart as a %1 file</source>
        <translation>把这张图表保存为 %1 文件</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::ChatPanel</name>
    <message>
        <source>The model&apos;s text was changed elsewhere before the answer began; the message is back in its box.</source>
        <translation>回答开始前，模型的文本在别处被改动了；消息已放回输入框。</translation>
    </message>
    <message>
        <source>The conversation was not sent: %1 Start a new chat or shorten it.</source>
        <translation>对话没有发送：%1 请开始新对话或把它缩短。</translation>
    </message>
    <message>
        <source>This model cannot chat: %1</source>
        <translation>这个模型不能对话：%1</translation>
    </message>
    <message>
        <source>Reading the conversation…</source>
        <translation>正在读入对话…</translation>
    </message>
    <message>
        <source>The model cannot answer: %1</source>
        <translation>模型无法回答：%1</translation>
    </message>
    <message>
        <source>it ended at the model&apos;s end token</source>
        <translation>在模型的结束词元处结束</translation>
    </message>
    <message>
        <source>the model has no position left</source>
        <translation>模型已没有剩余位置</translation>
    </message>
    <message numerus="yes">
        <source>it reached the limit of %n token(s)</source>
        <translation>
            <numerusform>达到了 %n 个词元的上限</numerusform>
        </translation>
    </message>
    <message>
        <source>it was stopped</source>
        <translation>被停止</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>每秒 %1 个词元</translation>
    </message>
    <message>
        <source>no rate from one token</source>
        <translation>只有一个词元，算不出速度</translation>
    </message>
    <message numerus="yes">
        <source>Read %n token(s) in %1 s</source>
        <translation>
            <numerusform>读入 %n 个词元，用时 %1 秒</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>wrote %n token(s) in %1 s</source>
        <translation>
            <numerusform>写出 %n 个词元，用时 %1 秒</numerusform>
        </translation>
    </message>
    <message>
        <source>%1; %2 (%3); %4.</source>
        <translation>%1；%2（%3）；%4。</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>(reading the conversation…)</source>
        <translation>（正在读入对话…）</translation>
    </message>
    <message>
        <source>Write a message below and press Enter. Shift+Enter starts a new line.</source>
        <translation>在下方输入消息并按 Enter 发送。Shift+Enter 换行。</translation>
    </message>
    <message>
        <source>Model room: chat</source>
        <translation>模型工作区：对话</translation>
    </message>
    <message>
        <source>A conversation with the open chat model: each message goes through the model&apos;s chat template with every earlier turn, and the answer is written token by token under the Generate tab&apos;s sampling settings.</source>
        <translation>与打开的对话模型对话：每条消息连同之前的所有轮次一起经过模型的对话模板，回答按“生成”页的采样设置逐个词元写出。</translation>
    </message>
    <message>
        <source>System prompt:</source>
        <translation>系统提示：</translation>
    </message>
    <message>
        <source>optional; empty keeps the template&apos;s own</source>
        <translation>可选；留空则用模板自带的</translation>
    </message>
    <message>
        <source>The system turn sent before the conversation: how the model should behave. Empty sends none, and a template with a default (Qwen2.5&apos;s) writes its own.</source>
        <translation>放在对话之前的系统轮次：告诉模型该如何表现。留空则不发送；带默认系统提示的模板（如 Qwen2.5 的）会写入它自己的。</translation>
    </message>
    <message>
        <source>Longest answer:</source>
        <translation>回答最长：</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 个词元</translation>
    </message>
    <message>
        <source>An answer stops after this many tokens if the model has not ended it</source>
        <translation>模型没有自行结束时，回答写到这么多个词元就停止</translation>
    </message>
    <message>
        <source>Your message (Enter sends, Shift+Enter starts a new line)</source>
        <translation>你的消息（Enter 发送，Shift+Enter 换行）</translation>
    </message>
    <message>
        <source>The next user turn. Enter or Ctrl+Return sends it.</source>
        <translation>下一个用户轮次。按 Enter 或 Ctrl+Return 发送。</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>Send the message as the next user turn and let the model answer (Enter, Ctrl+Return)</source>
        <translation>把消息作为下一个用户轮次发送，让模型回答（Enter、Ctrl+Return）</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the answer after the token being computed; what was written is kept (Ctrl+Shift+.)</source>
        <translation>算完当前词元后停止回答；已写出的内容保留（Ctrl+Shift+.）</translation>
    </message>
    <message>
        <source>New Chat</source>
        <translation>新对话</translation>
    </message>
    <message>
        <source>Forget the turns and start again; the system prompt stays (Ctrl+Alt+N)</source>
        <translation>清除所有轮次重新开始；系统提示保留（Ctrl+Alt+N）</translation>
    </message>
    <message>
        <source>The conversation. While an answer is written, the model&apos;s text in the room is the whole conversation, so the heads and the board show what each token reads.</source>
        <translation>对话内容。回答写出时，模型工作区中模型的文本就是整段对话，因此各个头和流程板显示每个词元读取了什么。</translation>
    </message>
    <message>
        <source>The conversation is the model&apos;s text: the heads above, the grid and Open on Board show every turn as the model reads it, template tokens included.</source>
        <translation>整段对话就是模型的文本：上方的头、网格和“在流程板上打开”都按模型读到的样子显示每一轮，包括模板词元。</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>two sentences in a row (Chinese needs no space between them)</comment>
        <translation>%1%2</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::DescriptionBanner</name>
    <message>
        <source>Hide this description until another scene is opened</source>
        <translation>隐藏这段说明，直到打开另一个场景</translation>
    </message>
    <message>
        <source>What this scene shows</source>
        <translation>这个场景展示了什么</translation>
    </message>
    <message>
        <source>The scene has been changed since it was opened as an example: the description, where it is still shown, is the example&apos;s as shipped, with the example&apos;s numbers.</source>
        <translation>场景作为例子打开后已改动过：仍显示的说明是原始例子的说明，数字也是原始例子的。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::Document</name>
    <message>
        <source>The board is an ordinary scene now, no longer linked to the model: that edit and the ones after it change only the board. Open on Board in the model room links a head again.</source>
        <translation>流程板现在是普通场景，不再链接到模型：这次修改及之后的修改只改变流程板。在模型工作区中点“在流程板上打开”可重新链接一个头。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::EditActions</name>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤销(&amp;U)：%1</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做(&amp;R)：%1</translation>
    </message>
    <message>
        <source>Undo the last edit (Ctrl+Z)</source>
        <translation>撤销上一次修改（Ctrl+Z）</translation>
    </message>
    <message>
        <source>Redo the edit just undone (Ctrl+Shift+Z)</source>
        <translation>重做刚撤销的修改（Ctrl+Shift+Z）</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::ExperimentsWindow</name>
    <message>
        <source>Experiments — Attention Lab</source>
        <translation>实验 — 注意力实验室</translation>
    </message>
    <message>
        <source>Why √d_k</source>
        <translation>为什么除以 √d_k</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>A/B comparison</source>
        <translation>A/B 对比</translation>
    </message>
    <message>
        <source>Why the scores are divided by √d_k, shown with random vectors (Ctrl+1)</source>
        <translation>用随机向量说明分数为什么要除以 √d_k（Ctrl+1）</translation>
    </message>
    <message>
        <source>What the divisor does to the weights of the current scene (Ctrl+2)</source>
        <translation>除数对当前场景的权重有什么影响（Ctrl+2）</translation>
    </message>
    <message>
        <source>The current scene against a copy with one change (Ctrl+3)</source>
        <translation>把当前场景与改动了一处的副本作对比（Ctrl+3）</translation>
    </message>
    <message>
        <source>&amp;Export chart…</source>
        <translation>导出图表(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>Close the experiments window (Ctrl+W)</source>
        <translation>关闭实验窗口（Ctrl+W）</translation>
    </message>
    <message>
        <source>Save the main chart of this tab as %1 (Ctrl+E); right-click any chart to export that one</source>
        <translation>把本页的主图表保存为 %1（Ctrl+E）；右键点击任意图表可单独导出那一张</translation>
    </message>
    <message>
        <source>FlashAttention</source>
        <translation>FlashAttention</translation>
    </message>
    <message>
        <source>The current head computed tile by tile, as FlashAttention does, without the n × n matrix (Ctrl+4)</source>
        <translation>像 FlashAttention 那样逐块计算当前的头，不存 n × n 矩阵（Ctrl+4）</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::ExplanationPanel</name>
    <message>
        <source>Explanation</source>
        <translation>讲解</translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation>术语表</translation>
    </message>
    <message>
        <source>Short definitions of token, embedding, query, key, value, score, mask, softmax, context vector and head</source>
        <translation>词元、嵌入、查询、键、值、分数、掩码、softmax、上下文向量和头的简短定义</translation>
    </message>
    <message>
        <source>Back to the stage</source>
        <translation>返回当前步骤</translation>
    </message>
    <message>
        <source>Return to the explanation of the selected stage</source>
        <translation>回到所选步骤的讲解</translation>
    </message>
    <message>
        <source>What the selected stage computes and why</source>
        <translation>所选步骤计算什么，以及为什么这样算</translation>
    </message>
    <message>
        <source>This scene is in direct mode: Q, K and V are typed in, so there is no X.</source>
        <translation>这个场景使用直接模式：Q、K、V 直接输入，因此没有 X。</translation>
    </message>
    <message>
        <source>Direct mode: Q and K are %1, V is %2, typed in.</source>
        <translation>直接模式：Q 和 K 是 %1，V 是 %2，均为直接输入。</translation>
    </message>
    <message>
        <source>Q and K keep their shape %1; %2 pairs of columns are rotated.</source>
        <translation>Q 和 K 的形状保持为 %1；共有 %2 对列被旋转。</translation>
    </message>
    <message>
        <source>masked: %1, hidden cells are −∞ (mask: %2)</source>
        <translation>掩码后的分数：%1，被遮住的格子为 −∞（掩码：%2）</translation>
    </message>
    <message>
        <source>weights: %1, each row adds up to 1 over its visible keys</source>
        <translation>注意力权重：%1，每一行在可见的键上加起来等于 1</translation>
    </message>
    <message>
        <source>This scene has no W_O: the output is concat itself, %1.</source>
        <translation>这个场景没有 W_O：输出就是拼接结果本身，%1。</translation>
    </message>
    <message>
        <source>In this scene</source>
        <translation>在这个场景中</translation>
    </message>
    <message>
        <source>X: %1 tokens × d_model = %2</source>
        <translation>X：%1 个词元 × d_model = %2</translation>
    </message>
    <message>
        <source>X (%1)</source>
        <translation>X（%1）</translation>
    </message>
    <message>
        <source>W (%1)</source>
        <translation>W（%1）</translation>
    </message>
    <message>
        <source>b (%1)</source>
        <translation>b（%1）</translation>
    </message>
    <message>
        <source>%1 for all heads; each head takes %2 columns: %3</source>
        <translation>%1，包含所有头；每个头取其中 %2 列：%3</translation>
    </message>
    <message>
        <source>Q_rot (%1)</source>
        <translation>Q_rot（%1）</translation>
    </message>
    <message>
        <source>Q (%1)</source>
        <translation>Q（%1）</translation>
    </message>
    <message>
        <source>K_rotᵀ (%1)</source>
        <translation>K_rotᵀ（%1）</translation>
    </message>
    <message>
        <source>Kᵀ (%1)</source>
        <translation>Kᵀ（%1）</translation>
    </message>
    <message>
        <source>scores %1</source>
        <translation>分数 %1</translation>
    </message>
    <message>
        <source>%1: one row per query, one column per key.</source>
        <translation>%1：每个查询一行，每个键一列。</translation>
    </message>
    <message>
        <source>scaled %1</source>
        <translation>缩放后的分数 %1</translation>
    </message>
    <message>
        <source>weights (%1)</source>
        <translation>注意力权重（%1）</translation>
    </message>
    <message>
        <source>V (%1)</source>
        <translation>V（%1）</translation>
    </message>
    <message>
        <source>context %1</source>
        <translation>上下文 %1</translation>
    </message>
    <message>
        <source>%1 heads × context %2 side by side = concat %3</source>
        <translation>%1 个头 × 上下文 %2 并排 = 拼接 %3</translation>
    </message>
    <message>
        <source>concat (%1)</source>
        <translation>拼接（%1）</translation>
    </message>
    <message>
        <source>W_O (%1)</source>
        <translation>W_O（%1）</translation>
    </message>
    <message>
        <source>b_O (%1)</source>
        <translation>b_O（%1）</translation>
    </message>
    <message>
        <source>output %1</source>
        <translation>输出 %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <source>custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Each pair&apos;s frequency comes from the scene&apos;s own table (a model&apos;s, e.g. llama3-scaled): %1 … %2.</source>
        <translation>每一对的频率取自场景自带的频率表（来自模型，例如经 llama3 缩放）：%1 … %2。</translation>
    </message>
    <message>
        <source>θ&lt;sub&gt;i&lt;/sub&gt; = %1&lt;sup&gt;−2i/%2&lt;/sup&gt;: %3 … %4.</source>
        <translation>θ&lt;sub&gt;i&lt;/sub&gt; = %1&lt;sup&gt;−2i/%2&lt;/sup&gt;：%3 … %4。</translation>
    </message>
    <message>
        <source>Rotate-half pairing (Llama, Qwen2): column i turns with column i + %1: %2.</source>
        <translation>前后半配对（rotate-half，Llama、Qwen2 采用）：第 i 列与第 i + %1 列一起旋转：%2。</translation>
    </message>
    <message>
        <source>Interleaved pairing (RoFormer): column 2i turns with column 2i + 1: %1.</source>
        <translation>相邻成对（RoFormer 的做法）：第 2i 列与第 2i + 1 列一起旋转：%1。</translation>
    </message>
    <message>
        <source>Q and K keep their shape %1; each row is divided by its own root mean square, then multiplied by one weight per column (%2 weights).</source>
        <translation>Q 和 K 保持形状 %1；每一行除以它自己的均方根，再按列乘以各自的权重（共 %2 个权重）。</translation>
    </message>
    <message>
        <source>capped: %1, every cell between −%2 and %2</source>
        <translation>capped：%1，每个单元格都在 −%2 与 %2 之间</translation>
    </message>
    <message>
        <source>sink: %1, one share per query; the row&apos;s weights add up to 1 minus it</source>
        <translation>sink：%1，每个查询一个份额；这一行的权重之和等于 1 减去它</translation>
    </message>
    <message>
        <source>memory: %1 source tokens × d_model = %2, one row per key token; X: %3 target tokens, one row per query token.</source>
        <translation>记忆：%1 个源词元 × d_model = %2，每个键词元一行；X：%3 个目标词元，每个查询词元一行。</translation>
    </message>
    <message>
        <source>memory (%1)</source>
        <translation>记忆（%1）</translation>
    </message>
    <message>
        <source>W_K (%1)</source>
        <translation>W_K（%1）</translation>
    </message>
    <message>
        <source>K and V come from the memory instead: %1, one row per source token.</source>
        <translation>K 和 V 则来自记忆：%1，每个源词元一行。</translation>
    </message>
    <message>
        <source>Q keeps its shape %1 and K its shape %2 (one row per source token); each row is divided by its own root mean square, then multiplied by one weight per column (%3 weights).</source>
        <translation>Q 保持形状 %1，K 保持形状 %2（每个源词元一行）；每一行除以它自己的均方根，再按列乘以各自的权重（共 %3 个权重）。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::ExportActions</name>
    <message>
        <source>Copied the %1 card to the clipboard</source>
        <translation>已把 %1 卡片复制到剪贴板</translation>
    </message>
    <message>
        <source>E&amp;xport</source>
        <translation>导出(&amp;X)</translation>
    </message>
    <message>
        <source>Images and tables for slides and handouts</source>
        <translation>用于幻灯片和讲义的图片与表格</translation>
    </message>
    <message>
        <source>Export Current &amp;Card…</source>
        <translation>导出当前卡片(&amp;C)…</translation>
    </message>
    <message>
        <source>Export Whole &amp;Board…</source>
        <translation>导出整个流程板(&amp;B)…</translation>
    </message>
    <message>
        <source>C&amp;opy Card Image</source>
        <translation>复制卡片图像(&amp;O)</translation>
    </message>
    <message>
        <source>Put an image of the current card on the clipboard (Ctrl+Shift+C)</source>
        <translation>把当前卡片的图像放到剪贴板上（Ctrl+Shift+C）</translation>
    </message>
    <message>
        <source>Export &amp;Handout…</source>
        <translation>导出讲义(&amp;H)…</translation>
    </message>
    <message>
        <source>One PDF with the board and every stage&apos;s explanation, in the current language</source>
        <translation>一份 PDF，包含流程板和每一步的讲解，使用当前界面语言</translation>
    </message>
    <message>
        <source>Export &amp;Worksheet…</source>
        <translation>导出练习纸(&amp;W)…</translation>
    </message>
    <message>
        <source>The hand calculation of this scene as a PDF exercise with blank tables, followed by an answer key</source>
        <translation>把这个场景的手算过程做成 PDF 练习：先是留空的表格，后面附答案</translation>
    </message>
    <message>
        <source>Export &amp;Matrix as CSV or NumPy…</source>
        <translation>将矩阵导出为 CSV 或 NumPy(&amp;M)…</translation>
    </message>
    <message>
        <source>Save the numbers of the current card as a CSV table or a NumPy .npy array</source>
        <translation>把当前卡片的数值保存为 CSV 表格或 NumPy .npy 数组</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>handout</source>
        <translation>讲义</translation>
    </message>
    <message>
        <source>Worksheet</source>
        <translation>练习纸</translation>
    </message>
    <message>
        <source>Leave these stages blank for the class to fill in (Q, K and V are printed):</source>
        <translation>以下步骤留空，让学生填写（Q、K、V 会印出来）：</translation>
    </message>
    <message>
        <source>worksheet</source>
        <translation>练习纸</translation>
    </message>
    <message>
        <source>1× (screen)</source>
        <translation>1×（屏幕）</translation>
    </message>
    <message>
        <source>2× (slides)</source>
        <translation>2×（幻灯片）</translation>
    </message>
    <message>
        <source>3×</source>
        <translation>3×</translation>
    </message>
    <message>
        <source>4× (print)</source>
        <translation>4×（打印）</translation>
    </message>
    <message>
        <source>PNG Scale</source>
        <translation>PNG 缩放倍数</translation>
    </message>
    <message>
        <source>Pixels per point:</source>
        <translation>每点像素数：</translation>
    </message>
    <message>
        <source>Save the current card as %1 (Ctrl+E)</source>
        <translation>把当前卡片保存为 %1（Ctrl+E）</translation>
    </message>
    <message>
        <source>Save every stage side by side as %1 (Ctrl+Shift+E)</source>
        <translation>把所有步骤并排保存为 %1（Ctrl+Shift+E）</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::ExportDialog</name>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::ExportFormat</name>
    <message>
        <source>PNG image</source>
        <translation>PNG 图像</translation>
    </message>
    <message>
        <source>SVG image</source>
        <translation>SVG 图像</translation>
    </message>
    <message>
        <source>PDF document</source>
        <translation>PDF 文档</translation>
    </message>
    <message>
        <source>CSV table</source>
        <translation>CSV 表格</translation>
    </message>
    <message>
        <source>NumPy array</source>
        <translation>NumPy 数组</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::FileActions</name>
    <message>
        <source>Restored the unsaved scene from %1</source>
        <translation>已恢复 %1 时未保存的场景</translation>
    </message>
    <message>
        <source>Could not restore the scene</source>
        <translation>无法恢复场景</translation>
    </message>
    <message>
        <source>The recovery copy %1 could not be read.</source>
        <translation>无法读取恢复副本 %1。</translation>
    </message>
    <message>
        <source>%1 changed on disk; your version is kept</source>
        <translation>%1 已在磁盘上被更改；保留了你的版本</translation>
    </message>
    <message>
        <source>%1 changed on disk and was reloaded</source>
        <translation>%1 已在磁盘上被更改，已重新载入</translation>
    </message>
    <message>
        <source>%1 changed on disk but cannot be read; your version is kept</source>
        <translation>%1 已在磁盘上被更改，但无法读取；保留了你的版本</translation>
    </message>
    <message>
        <source>%1 is open in another Attention Lab window, so this one is read-only. Save your changes under another name.</source>
        <translation>%1 已在另一个注意力实验室窗口中打开，因此本窗口为只读。请用其他文件名保存你的更改。</translation>
    </message>
    <message>
        <source>%1 is open in another Attention Lab window. Close it there first, or choose another name.</source>
        <translation>%1 已在另一个注意力实验室窗口中打开。请先在那里关闭它，或选择其他文件名。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Opened %1 read-only</source>
        <translation>已以只读方式打开 %1</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more problem(s)</source>
        <translation>
            <numerusform>……另有 %n 个问题</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not open the scene</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <source>%1 could not be opened. The current scene is unchanged.

%2</source>
        <translation>无法打开 %1。当前场景保持不变。

%2</translation>
    </message>
    <message>
        <source>The scene is read-only</source>
        <translation>场景为只读</translation>
    </message>
    <message>
        <source>%1 is open in another Attention Lab window, so this one is read-only. Choose another name to save your changes.</source>
        <translation>%1 已在另一个注意力实验室窗口中打开，因此本窗口为只读。请选择其他文件名来保存你的更改。</translation>
    </message>
    <message>
        <source>Could not save the scene</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>Start a new untitled scene from the 猫吃鱼 starting point (%1)</source>
        <translation>以“猫吃鱼”为起点新建一个未命名场景（%1）</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a scene file (.attn.json) (%1)</source>
        <translation>打开场景文件（.attn.json）（%1）</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save the scene (%1)</source>
        <translation>保存场景（%1）</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Save the scene under a new name (Ctrl+Shift+S)</source>
        <translation>以新名称保存场景（Ctrl+Shift+S）</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Scene files opened or saved lately</source>
        <translation>最近打开或保存过的场景文件</translation>
    </message>
    <message>
        <source>&amp;Examples</source>
        <translation>例子(&amp;E)</translation>
    </message>
    <message>
        <source>The built-in example scenes</source>
        <translation>内置的例子场景</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>没有最近的文件</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation>清除最近文件(&amp;C)</translation>
    </message>
    <message>
        <source>Forget the list of recent files</source>
        <translation>清空最近文件列表</translation>
    </message>
    <message>
        <source>%1  (%2)</source>
        <translation>%1  （%2）</translation>
    </message>
    <message>
        <source>The scene</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them first?</source>
        <translation>%1 有未保存的修改。要先保存吗？</translation>
    </message>
    <message>
        <source>Attention Lab scenes (*.attn.json);;JSON files (*.json);;All files (*)</source>
        <translation>注意力实验室场景 (*.attn.json);;JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Save Scene As</source>
        <translation>场景另存为</translation>
    </message>
    <message>
        <source>Open Scene</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>File in use</source>
        <translation>文件正在使用中</translation>
    </message>
    <message>
        <source>%1 is open in another Attention Lab window (process %2). Editing it in two windows would lose one window&apos;s changes.</source>
        <translation>%1 已在另一个注意力实验室窗口中打开（进程 %2）。在两个窗口中同时编辑会丢失其中一个窗口的更改。</translation>
    </message>
    <message>
        <source>Open &amp;Read-Only</source>
        <translation>以只读方式打开(&amp;R)</translation>
    </message>
    <message>
        <source>File changed on disk</source>
        <translation>文件已在磁盘上被更改</translation>
    </message>
    <message>
        <source>%1 was changed by another program. Reload it and lose your unsaved changes, or keep your version?</source>
        <translation>%1 已被其他程序更改。要重新载入它并丢弃你未保存的更改，还是保留你的版本？</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>重新载入(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Keep Mine</source>
        <translation>保留我的版本(&amp;K)</translation>
    </message>
    <message>
        <source>%1 was not opened: another Attention Lab window has it open.</source>
        <translation>没有打开 %1：另一个注意力实验室窗口正在使用它。</translation>
    </message>
    <message>
        <source>scene</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::FlashExperiment</name>
    <message>
        <source>query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>m before</source>
        <translation>之前的 m</translation>
    </message>
    <message>
        <source>m after</source>
        <translation>之后的 m</translation>
    </message>
    <message>
        <source>rescale exp(m_old − m_new)</source>
        <translation>重缩放 exp(m_old − m_new)</translation>
    </message>
    <message>
        <source>l (running sum)</source>
        <translation>l（运行和）</translation>
    </message>
    <message>
        <source>O (unnormalised)</source>
        <translation>O（未归一化）</translation>
    </message>
    <message numerus="yes">
        <source>%n tile(s) to read. Each query row starts with m = −∞, l = 0 and O = 0.</source>
        <translation>
            <numerusform>共 %n 块要读。每个查询行从 m = −∞、l = 0、O = 0 开始。</numerusform>
        </translation>
    </message>
    <message>
        <source>— (first tile)</source>
        <translation>—（第一块）</translation>
    </message>
    <message>
        <source>Step %1 of %2: query rows %3–%4 against keys %5–%6.</source>
        <translation>第 %1 步，共 %2 步：查询行 %3–%4 对键 %5–%6。</translation>
    </message>
    <message>
        <source>After the last tile each row&apos;s O is divided by its l.</source>
        <translation>读完最后一块后，每行的 O 除以它的 l。</translation>
    </message>
    <message>
        <source>Done: O / l gives the head&apos;s output, and softmax(QKᵀ)·V computed the textbook&apos;s way differs from it by at most %1 — rounding only. The %2 × %2 matrix of weights (%3 in float32) was never held; one tile of scores took %4.</source>
        <translation>完成：O / l 就是这个头的输出；按教科书方式算出的 softmax(QKᵀ)·V 与它最多相差 %1——只是舍入误差。%2 × %2 的权重矩阵（float32 下 %3）从未存下；一块分数只占 %4。</translation>
    </message>
    <message>
        <source>&amp;Tile:</source>
        <translation>块大小(&amp;T)：</translation>
    </message>
    <message>
        <source>First</source>
        <translation>第一块</translation>
    </message>
    <message>
        <source>Go to the first tile (Alt+Home)</source>
        <translation>回到第一块（Alt+Home）</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 上一块</translation>
    </message>
    <message>
        <source>Go back one tile (Alt+Left)</source>
        <translation>后退一块（Alt+Left）</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一块 ▶</translation>
    </message>
    <message>
        <source>Read the next tile: update m, l and O of its query rows (Alt+Right)</source>
        <translation>读下一块：更新它的查询行的 m、l 和 O（Alt+Right）</translation>
    </message>
    <message>
        <source>Last</source>
        <translation>最后一块</translation>
    </message>
    <message>
        <source>Go to the last tile and compare with the textbook&apos;s result (Alt+End)</source>
        <translation>跳到最后一块，并与教科书的结果比较（Alt+End）</translation>
    </message>
    <message>
        <source>Thick lines cut the scores into tiles; the orange frame is the tile being read. Tiles not read yet are faded.</source>
        <translation>粗线把分数切成块；橙色框是正在读的块。还没读的块颜色变淡。</translation>
    </message>
    <message>
        <source>The running values of the current tile&apos;s query rows after this tile</source>
        <translation>读完这一块后，当前块各查询行的运行值</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>讲解</translation>
    </message>
    <message>
        <source>Show or hide how FlashAttention works (F1)</source>
        <translation>显示或隐藏 FlashAttention 的原理讲解（F1）</translation>
    </message>
    <message>
        <source>Query rows per tile (at least the tokens ÷ %1, so that a long text has at most %1 tiles a side)</source>
        <translation>每个分块的查询行数（至少为词元数 ÷ %1，这样长文本每边最多 %1 个分块）</translation>
    </message>
    <message>
        <source>Key columns per tile (at least the tokens ÷ %1, so that a long text has at most %1 tiles a side)</source>
        <translation>每个分块的键列数（至少为词元数 ÷ %1，这样长文本每边最多 %1 个分块）</translation>
    </message>
    <message>
        <source>Scaled scores of head %1 — rows: queries, columns: keys.</source>
        <translation>头 %1 的缩放分数——行：查询，列：键。</translation>
    </message>
    <message numerus="yes">
        <source>The mask hides no cell, so all %n tile(s) are read.</source>
        <translation>
            <numerusform>掩码没有遮住任何格，所以全部 %n 个分块都要读取。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of the %1 tiles are crossed out and skipped: the mask hides every cell in them.</source>
        <translation>
            <numerusform>%1 个分块中有 %n 个打叉并跳过：其中每一格都被掩码遮住。</numerusform>
        </translation>
    </message>
    <message>
        <source>No tile is skipped: the mask hides no tile whole.</source>
        <translation>没有分块被跳过：没有哪个分块被掩码整块遮住。</translation>
    </message>
    <message numerus="yes">
        <source>In %n tile(s) the mask hides only some cells: these are read, their hidden cells counting as −∞.</source>
        <translation>
            <numerusform>有 %n 个分块只有部分格被掩码遮住：这些分块照常读取，被遮住的格按 −∞ 计。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attnlab::ui::GeneratePanel</name>
    <message>
        <source>%1: probability %2</source>
        <translation>%1：概率 %2</translation>
    </message>
    <message>
        <source>The model&apos;s most likely tokens at this step:</source>
        <translation>这一步模型认为最可能的词元：</translation>
    </message>
    <message>
        <source>Next Token</source>
        <translation>下一个词元</translation>
    </message>
    <message>
        <source>Pick one more token from the prediction and run the model on it (Ctrl+Shift+N).</source>
        <translation>从预测中再选一个词元，并让模型在它上面运行（Ctrl+Shift+N）。</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>Generate as many tokens as the box beside says, one after another (Ctrl+Shift+G).</source>
        <translation>按旁边框中的数目逐个生成词元（Ctrl+Shift+G）。</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop generating after the token under way (Ctrl+Shift+.).</source>
        <translation>在正在生成的词元完成后停止（Ctrl+Shift+.）。</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>个词元</translation>
    </message>
    <message>
        <source>How many tokens Generate adds.</source>
        <translation>“生成”一次添加多少个词元。</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>0 always takes the most likely token (greedy). Above 0 the logits are divided by it before sampling: below 1 sharper, above 1 flatter.</source>
        <translation>0 总是取最可能的词元（贪心）。大于 0 时，采样前把 logits 除以它：小于 1 分布更尖锐，大于 1 更平坦。</translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <source>Keep only the k most likely tokens before sampling; 0 keeps all.</source>
        <translation>采样前只保留最可能的 k 个词元；0 表示全部保留。</translation>
    </message>
    <message>
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>The random seed of sampling: the same seed and settings give the same tokens again.</source>
        <translation>采样的随机种子：同样的种子和设置会再次得到同样的词元。</translation>
    </message>
    <message>
        <source>The forward pass of the token under way</source>
        <translation>正在进行的词元的前向计算</translation>
    </message>
    <message>
        <source>Generated:</source>
        <translation>已生成：</translation>
    </message>
    <message>
        <source>The generated tokens with the model&apos;s probability of each; hover one for the alternatives.</source>
        <translation>生成的词元及模型给出的各自概率；把鼠标停在一个词元上可看其他候选。</translation>
    </message>
    <message>
        <source>Next-token distribution</source>
        <translation>下一个词元的分布</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Model room: generation</source>
        <translation>模型工作区：生成</translation>
    </message>
    <message>
        <source>Stopped at the model&apos;s end token “%1”.</source>
        <translation>已在模型的结束词元“%1”处停止。</translation>
    </message>
    <message>
        <source>Generation one token at a time: each new token&apos;s query reads the keys and values cached for every token before it and its own key and value, added to the cache first.</source>
        <translation>逐个词元生成：每个新词元的查询读取之前每个词元缓存下来的键和值，以及先加入缓存的它自己的键和值。</translation>
    </message>
    <message>
        <source>Keep the fewest most likely tokens whose probabilities add up to at least p; 1 keeps all.</source>
        <translation>保留概率之和至少为 p 的最少的一组最可能词元；1 表示全部保留。</translation>
    </message>
    <message>
        <source>Speculative…</source>
        <translation>投机解码…</translation>
    </message>
    <message>
        <source>Speculative decoding: let a small draft model guess tokens that this model checks in one pass, and compare the passes and the time (Ctrl+Shift+D).</source>
        <translation>投机解码：让一个小的草稿模型猜词元，由这个模型一次前向检查，并比较前向次数和用时（Ctrl+Shift+D）。</translation>
    </message>
    <message>
        <source>The model has no generation_config.json: generation starts greedy.</source>
        <translation>该模型没有 generation_config.json：生成从贪心解码开始。</translation>
    </message>
    <message>
        <source>The model&apos;s generation_config.json sets no sampling: generation starts greedy, as transformers&apos; generate() would.</source>
        <translation>该模型的 generation_config.json 没有设置采样：生成从贪心解码开始，与 transformers 的 generate() 相同。</translation>
    </message>
    <message>
        <source>greedy (do_sample is not true)</source>
        <translation>贪心解码（do_sample 不为 true）</translation>
    </message>
    <message>
        <source>sampling at temperature %1, top-k %2, top-p %3</source>
        <translation>采样，温度 %1，top-k %2，top-p %3</translation>
    </message>
    <message>
        <source>repetition penalty %1</source>
        <translation>重复惩罚 %1</translation>
    </message>
    <message>
        <source>banned token sequences: %1</source>
        <translation>禁止的词元序列：%1 个</translation>
    </message>
    <message>
        <source>Starting values from the model&apos;s generation_config.json, as transformers&apos; generate() uses them: %1.</source>
        <translation>初始值来自该模型的 generation_config.json，与 transformers 的 generate() 的用法相同：%1。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>Repetition penalty</source>
        <translation>重复惩罚</translation>
    </message>
    <message>
        <source>Before sampling, divide the logit of every token already in the text by this (multiply it when negative), as transformers does; 1 is off, above 1 makes repeats less likely.</source>
        <translation>采样之前，把文本中已出现的每个词元的 logit 除以这个数（为负时乘以它），与 transformers 相同；1 表示关闭，大于 1 让重复更不可能出现。</translation>
    </message>
    <message>
        <source>Loading a model sets the boxes from its generation_config.json; change them freely.</source>
        <translation>加载模型时，这些框的值取自它的 generation_config.json；之后可以随意修改。</translation>
    </message>
    <message>
        <source>Per layer</source>
        <translation>按层</translation>
    </message>
    <message>
        <source>The cached keys and values of every layer, and their memory</source>
        <translation>每一层缓存的键和值，以及它们占的内存</translation>
    </message>
    <message>
        <source>Paged blocks</source>
        <translation>分页块</translation>
    </message>
    <message>
        <source>The same cache as an inference engine pages it: fixed-size blocks, shared by sampled continuations of the prompt</source>
        <translation>同一个缓存按推理引擎的分页方式存放：固定大小的块，由提示的多个采样续写共享</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>屋顶线</translation>
    </message>
    <message>
        <source>What a decoded token reads, the floor that sets on its time, and prefill against decode on the roofline</source>
        <translation>解码一个词元要读多少字节、这给它的用时定下的下限，以及屋顶线上预填充与解码的对比</translation>
    </message>
    <message>
        <source>%1
Not available now: %2</source>
        <translation>%1
现在不可用：%2</translation>
    </message>
    <message>
        <source>Tokens generated so far of those asked for.</source>
        <translation>已生成的词元占所要求数目的比例。</translation>
    </message>
    <message>
        <source>How far the model&apos;s pass over the text has got.</source>
        <translation>模型对这段文本的前向计算进行到哪里了。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::Generator</name>
    <message>
        <source>Open a model first.</source>
        <translation>请先打开一个模型。</translation>
    </message>
    <message>
        <source>%1 reads the whole text at once, in both directions, so it has no next token to add: it fills in [MASK] instead. Generation needs a left-to-right model such as GPT-2, Qwen2 or Llama.</source>
        <translation>%1 一次读入整段文本，两个方向都看，所以没有可以追加的下一个词元：它填补的是 [MASK]。生成需要 GPT-2、Qwen2 或 Llama 这样从左到右的模型。</translation>
    </message>
    <message>
        <source>This checkpoint has no output head, so there is no prediction to pick a token from.</source>
        <translation>这个检查点没有输出头，所以没有可供挑选词元的预测。</translation>
    </message>
    <message>
        <source>Type a sentence first.</source>
        <translation>请先输入一个句子。</translation>
    </message>
    <message>
        <source>Waiting for the model&apos;s run on the text.</source>
        <translation>正在等待模型对这段文本的运行。</translation>
    </message>
    <message>
        <source>The text fills all %1 positions the model has.</source>
        <translation>文本已占满模型的全部 %1 个位置。</translation>
    </message>
    <message>
        <source>The model&apos;s end tokens cannot be read (see the line beside the buttons).</source>
        <translation>无法读取模型的结束词元（见按钮旁的说明）。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::HeadGrid</name>
    <message>
        <source>Head %1 (current)</source>
        <translation>头 %1（当前）</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Weights of head %1 (row = query, column = key). Click to make it the current head; right-click to export.</source>
        <translation>头 %1 的权重（行 = 查询，列 = 键）。点击使其成为当前头；右键点击可导出。</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Where “%1” looks, in each head</source>
        <translation>“%1”在每个头中看向哪里</translation>
    </message>
    <message>
        <source>Compare heads for &amp;query:</source>
        <translation>用于比较各头的查询(&amp;Q)：</translation>
    </message>
    <message>
        <source>The query token whose weights are compared across the heads (the selected row)</source>
        <translation>在各个头之间比较其权重的查询词元（即所选的行）</translation>
    </message>
    <message>
        <source>One row per head: the weights the chosen query gives to each key. Right-click to export.</source>
        <translation>每个头一行：所选查询分给每个键的权重。右键点击可导出。</translation>
    </message>
    <message>
        <source>In this scene each head has its own W_Q, W_K and W_V columns, so each can attend to something different (a model with grouped-query attention shares W_K and W_V between several heads). Click a head to follow it on the board.</source>
        <translation>在这个场景中，每个头在 W_Q、W_K、W_V 中都有自己的列，因此各个头可以关注不同的东西（使用分组查询注意力的模型让几个头共用 W_K 和 W_V）。点击一个头，即可在流程板上跟随它。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::HeadView</name>
    <message>
        <source>Layer %1, head %2</source>
        <translation>第 %1 层，头 %2</translation>
    </message>
    <message>
        <source> (switched off: its output is zero)</source>
        <translation>（已关闭：输出为零）</translation>
    </message>
    <message>
        <source>Select a head in the grid.</source>
        <translation>请在网格中选择一个注意力头。</translation>
    </message>
    <message>
        <source>The selected head: each token on the left attends to the tokens on the right; thicker, darker lines carry more weight. Point at a token to see only its lines. The prediction is read from the token marked ▶.</source>
        <translation>选中的注意力头：左边的每个词元关注右边的词元；线越粗越深，权重越大。把鼠标指向一个词元，只看它的连线。预测取自标有 ▶ 的词元。</translation>
    </message>
    <message>
        <source>: the new token reads all %1 cached positions</source>
        <translation>：新词元读取全部 %1 个已缓存的位置</translation>
    </message>
    <message>
        <source>Keys (being read)</source>
        <translation>键（被读取）</translation>
    </message>
    <message>
        <source>Queries (reading)</source>
        <translation>查询（在读取）</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::HeadsDock</name>
    <message>
        <source>Heads</source>
        <translation>各个头</translation>
    </message>
    <message>
        <source>Every head&apos;s attention weights at once; click one to make it the head the board follows.</source>
        <translation>同时显示每个头的注意力权重；点击其中一个，流程板就跟随这个头。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::HeatmapPlot</name>
    <message>
        <source>0–max auto</source>
        <translation>0–最大 自动</translation>
    </message>
    <message>
        <source>0–1 fixed</source>
        <translation>0–1 固定</translation>
    </message>
    <message>
        <source>not part of this scene</source>
        <translation>不属于这个场景</translation>
    </message>
    <message>
        <source>0 (masked)</source>
        <translation>0（被掩码遮住）</translation>
    </message>
    <message>
        <source>masked: this query may not look at this key</source>
        <translation>被掩码遮住：这个查询不能看这个键</translation>
    </message>
    <message>
        <source>%1 → %2: %3
%4, row %5 (query), column %6 (key)</source>
        <translation>%1 → %2：%3
%4，第 %5 行（查询），第 %6 列（键）</translation>
    </message>
    <message>
        <source>%1, feature %2: %3
%4, row %5</source>
        <translation>%1，特征 %2：%3
%4，第 %5 行</translation>
    </message>
    <message>
        <source>%1 (row %2)</source>
        <translation>%1（第 %2 行）</translation>
    </message>
    <message>
        <source>%1 (column %2, key)</source>
        <translation>%1（第 %2 列，键）</translation>
    </message>
    <message>
        <source>feature %1</source>
        <translation>特征 %1</translation>
    </message>
    <message>
        <source>This query sees no key: its weights and context are all 0.</source>
        <translation>这个查询看不到任何键：它的权重和上下文全为 0。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::InspectorDock</name>
    <message>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
    <message>
        <source>How the selected number is computed, with the real values. Select a cell or a row in any stage.</source>
        <translation>所选的数是怎样算出来的，用的都是真实数值。在任意一步中选择一个格子或一行。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::KvCachePanel</name>
    <message>
        <source>Open a model to see its KV cache.</source>
        <translation>打开一个模型即可查看它的 KV 缓存。</translation>
    </message>
    <message>
        <source>This model reads the whole text at once (it is not causal): it has no KV cache to reuse.</source>
        <translation>这个模型一次读入整段文本（不是因果模型）：没有可复用的 KV 缓存。</translation>
    </message>
    <message>
        <source>2 · %1 layers · %2 K/V heads · %3 head_dim · %4 tokens · %5 bytes = %6</source>
        <translation>2 · %1 层 · %2 个 K/V 头 · %3 head_dim · %4 个词元 · %5 字节 = %6</translation>
    </message>
    <message>
        <source>Every query head has its own keys and values here (no grouped-query attention).</source>
        <translation>这里每个查询头都有自己的键和值（没有分组查询注意力）。</translation>
    </message>
    <message>
        <source>Without grouped-query attention (%1 heads): %2, %3 times as much.</source>
        <translation>没有分组查询注意力时（%1 个头）：%2，是现在的 %3 倍。</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>K rows</source>
        <translation>K 行数</translation>
    </message>
    <message>
        <source>V rows</source>
        <translation>V 行数</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>The memory of the cache: keys and values (2) for every layer, key/value head, dimension and token, at 4 bytes per float.</source>
        <translation>缓存占用的内存：每层、每个键/值头、每个维度、每个词元各有键和值（2），每个浮点数 4 字节。</translation>
    </message>
    <message>
        <source>Each layer caches one key row and one value row per token read so far, so a new token needs only its own row of work. Select a layer to see its vectors.</source>
        <translation>每一层为已读入的每个词元缓存一行键和一行值，因此新词元只需计算它自己的一行。选择一层即可查看它的向量。</translation>
    </message>
    <message>
        <source>Under the cache policy an engine keeps at most %1 tokens (%2 sinks + a window of %3): %4, whatever the length of the text.</source>
        <translation>在这个缓存策略下，推理引擎最多保留 %1 个词元（%2 个汇点 + %3 个的窗口）：%4，与文本长度无关。</translation>
    </message>
    <message>
        <source>That counts every token in every layer; since its sliding-window layers keep only their last %1 tokens, an engine needs %2 for %3 tokens.</source>
        <translation>这是按每层每个词元计算的；由于它的滑动窗口层只保留最后 %1 个词元，%3 个词元时推理引擎只需要 %2。</translation>
    </message>
    <message>
        <source>Kept at the checkpoint&apos;s own float width, %1 bytes per number (F16 for a quantized GGUF file, as llama.cpp caches by default), keys and values take %2 per token and %3 for the longest text the model takes (%4 tokens).</source>
        <translation>按检查点自身的浮点宽度保存，每个数 %1 字节（量化的 GGUF 文件按 F16，与 llama.cpp 的默认缓存相同），键和值每个词元占 %2，模型能读的最长文本（%4 个词元）占 %3。</translation>
    </message>
    <message>
        <source>llama.cpp (F16 by default) and vLLM (dtype auto) cache a float32 checkpoint at 2 bytes per number: half that.</source>
        <translation>llama.cpp（默认 F16）和 vLLM（dtype auto）对 float32 检查点按每个数 2 字节缓存：只要一半。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::KvDesignTable</name>
    <message numerus="yes">
        <source>This model (%n K/V head(s))</source>
        <translation>
            <numerusform>本模型（%n 个 K/V 头）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>MHA (%n K/V head(s))</source>
        <translation>
            <numerusform>MHA（%n 个 K/V 头）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>GQA (%n K/V head(s))</source>
        <translation>
            <numerusform>GQA（%n 个 K/V 头）</numerusform>
        </translation>
    </message>
    <message>
        <source>MQA (1 K/V head)</source>
        <translation>MQA（1 个 K/V 头）</translation>
    </message>
    <message>
        <source>MLA (latent %1 + rotary %2)</source>
        <translation>MLA（潜向量 %1 + 旋转部分 %2）</translation>
    </message>
    <message>
        <source>What this model caches: a key and a value of %1 numbers for each of its key/value heads, in every layer, for every token read.</source>
        <translation>本模型缓存的内容：每一层、每个已读入的词元，它的每个键/值头各有一个 %1 个数的键和一个值。</translation>
    </message>
    <message>
        <source>Its sliding-window layers need only the keys inside their window, so their share stops growing once the text is longer than the window; the full-attention layers keep growing.</source>
        <translation>它的滑动窗口层只需要窗口内的键，所以文本长过窗口之后，这些层占的部分不再增长；全注意力层则继续增长。</translation>
    </message>
    <message>
        <source>Multi-head attention, the original design: every query head has its own key and value, so the cache grows with the number of heads.</source>
        <translation>多头注意力，最初的设计：每个查询头都有自己的键和值，所以缓存随头数增长。</translation>
    </message>
    <message>
        <source>Grouped-query attention: groups of query heads share one key and value head (the model&apos;s own grouping if it has one, else a common choice), dividing the cache by the group size.</source>
        <translation>分组查询注意力：每组查询头共用一个键/值头（模型自己有分组就用它的分组，否则取一个常见的选择），缓存除以组的大小。</translation>
    </message>
    <message>
        <source>Multi-query attention: all query heads share a single key and value head, the smallest cache that still keeps per-head keys.</source>
        <translation>多查询注意力：所有查询头共用一个键/值头，这是仍按头保存键的设计中最小的缓存。</translation>
    </message>
    <message>
        <source>Multi-head latent attention (DeepSeek-V2 and V3): each token leaves one compressed vector (kv_lora_rank numbers) from which every head&apos;s key and value are rebuilt, plus one rotary key part shared by all heads (qk_rope_head_dim numbers). Sized here as DeepSeek-V2 sizes it for its head width: 4 × %1 and %1 / 2.</source>
        <translation>多头潜在注意力（DeepSeek-V2 和 V3）：每个词元留下一个压缩向量（kv_lora_rank 个数），每个头的键和值都由它重建；另加一个所有头共用的旋转键部分（qk_rope_head_dim 个数）。这里按 DeepSeek-V2 对其头宽度的取法来定大小：4 × %1 和 %1 / 2。</translation>
    </message>
    <message>
        <source>Design</source>
        <translation>设计</translation>
    </message>
    <message>
        <source>Numbers per token and layer</source>
        <translation>每个词元每层的数</translation>
    </message>
    <message>
        <source>Per token</source>
        <translation>每个词元</translation>
    </message>
    <message>
        <source>%1k tokens</source>
        <translation>%1k 个词元</translation>
    </message>
    <message>
        <source>The KV cache of this model beside the standard attention designs at the same layers, heads and head width, at the checkpoint&apos;s float width per number (F16 for a quantized GGUF file).</source>
        <translation>这个模型的 KV 缓存，与相同层数、头数和头宽下几种标准注意力设计的对比，每个数按检查点的浮点宽度计（量化的 GGUF 文件按 F16）。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::KvVectorsView</name>
    <message>
        <source>The keys and values this layer has cached, one row per token: a new token adds its own row (outlined) and reads all of them; the earlier rows never change.</source>
        <translation>这一层缓存的键和值，每个词元一行：新词元添加自己的一行（带框），并读取所有行；之前的行不会改变。</translation>
    </message>
    <message>
        <source>Layer %1, token %2 “%3”: V of key/value head %4, dimension %5 = %6</source>
        <translation>第 %1 层，词元 %2“%3”：键/值头 %4 的 V，第 %5 维 = %6</translation>
    </message>
    <message>
        <source>Layer %1, token %2 “%3”: K of key/value head %4, dimension %5 = %6</source>
        <translation>第 %1 层，词元 %2“%3”：键/值头 %4 的 K，第 %5 维 = %6</translation>
    </message>
    <message>
        <source>The cached keys and values appear here.</source>
        <translation>缓存的键和值会显示在这里。</translation>
    </message>
    <message>
        <source>V, layer %1 (%2 × %3)</source>
        <translation>V，第 %1 层（%2 × %3）</translation>
    </message>
    <message>
        <source>K, layer %1 (%2 × %3)</source>
        <translation>K，第 %1 层（%2 × %3）</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>The language of the interface, the explanations and exported images</source>
        <translation>界面、讲解和导出图像所用的语言</translation>
    </message>
    <message>
        <source>Switch the interface to %1 now; remembered for the next start</source>
        <translation>立即把界面切换为 %1；下次启动时也会记住</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::LensModel</name>
    <message>
        <source>From the embeddings of token %1 “%2”, before any layer:</source>
        <translation>词元 %1“%2”的嵌入，尚未经过任何层：</translation>
    </message>
    <message>
        <source>After layer %1 at token %2 “%3”:</source>
        <translation>第 %1 层之后，词元 %2“%3”处：</translation>
    </message>
    <message>
        <source>not computed yet: it is computed when it scrolls into view.</source>
        <translation>尚未计算：滚动到视野中时才计算。</translation>
    </message>
    <message>
        <source>This is the model&apos;s own prediction.</source>
        <translation>这就是模型自己的预测。</translation>
    </message>
    <message>
        <source>emb</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>Layer 0: the embeddings, before any layer</source>
        <translation>第 0 层：嵌入，尚未经过任何层</translation>
    </message>
    <message>
        <source>The residual stream after layer %1</source>
        <translation>第 %1 层之后的残差流</translation>
    </message>
    <message>
        <source>Token %1: where the model&apos;s prediction is read</source>
        <translation>词元 %1：读取模型预测的位置</translation>
    </message>
    <message>
        <source>Token %1</source>
        <translation>词元 %1</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::LensPanel</name>
    <message>
        <source>The logit lens: what the model would predict if it stopped after each layer.</source>
        <translation>Logit 透镜：模型若在每一层之后停下，会预测什么。</translation>
    </message>
    <message>
        <source>Logit lens</source>
        <translation>Logit 透镜</translation>
    </message>
    <message>
        <source>Each cell applies the model&apos;s own output head — the final norm and the unembedding (BERT: its masked-LM head) — to the residual stream of a token after a layer, and shows the most likely token and its probability. Column “emb” reads the embeddings; the last column is the model&apos;s output, and on the row marked ▶ it is the prediction. Rows are computed as they scroll into view.</source>
        <translation>每个格子把模型自己的输出头——最终归一化和反嵌入（BERT：它的掩码语言模型头）——作用在某个词元经过某一层之后的残差流上，显示最可能的词元及其概率。“嵌入”列读的是嵌入；最后一列是模型的输出，在标有 ▶ 的行上就是预测。各行在滚动到视野中时才计算。</translation>
    </message>
    <message>
        <source>Rows are tokens, columns are layers; hover a cell for its five most likely tokens.</source>
        <translation>行是词元，列是层；把鼠标停在格子上可看到它最可能的五个词元。</translation>
    </message>
    <message>
        <source>Open a model to see its logit lens.</source>
        <translation>打开一个模型即可查看它的 logit 透镜。</translation>
    </message>
    <message>
        <source>This checkpoint has no output head to read the layers with (a BERT without cls.predictions).</source>
        <translation>这个检查点没有可用来读取各层的输出头（没有 cls.predictions 的 BERT）。</translation>
    </message>
    <message>
        <source>Computing the logit lens…</source>
        <translation>正在计算 logit 透镜…</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::LessonButton</name>
    <message>
        <source>%1 (lesson)</source>
        <translation>%1（课程页）</translation>
    </message>
    <message>
        <source>Open the lesson page on this subject, with the numbers of the open model and a worksheet question</source>
        <translation>打开这个主题的课程页，其中有当前打开的模型的数和一道练习题</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::LinkBar</name>
    <message>
        <source>Hide this line until the board is linked or unlinked again</source>
        <translation>隐藏这一行，直到流程板再次链接或取消链接</translation>
    </message>
    <message>
        <source>The board shows a head of the open model, and its weight edits are the model&apos;s</source>
        <translation>流程板显示已打开模型的一个头，对其权重的修改就是对模型的修改</translation>
    </message>
    <message>
        <source>The board no longer edits the model</source>
        <translation>流程板不再修改模型</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::MainWindow</name>
    <message>
        <source>About Attention Lab</source>
        <translation>关于注意力实验室</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Attention Lab&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;Step through self-attention, edit every number, and export the heatmaps.&lt;/p&gt;&lt;p&gt;Licence: GPL-3.0-or-later.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;注意力实验室&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;逐步演示自注意力，可修改每一个数，并导出热力图。&lt;/p&gt;&lt;p&gt;许可证：GPL-3.0-or-later。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Step</source>
        <translation>步骤(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Experiments…</source>
        <translation>实验(&amp;E)…</translation>
    </message>
    <message>
        <source>Why √d_k, temperature and A/B comparison, in a window of their own (Ctrl+Shift+X)</source>
        <translation>“为什么除以 √d_k”“温度”和“A/B 对比”，在单独的窗口中打开（Ctrl+Shift+X）</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Close Attention Lab (Ctrl+Q)</source>
        <translation>关闭注意力实验室（Ctrl+Q）</translation>
    </message>
    <message>
        <source>Something went wrong while showing the scene; your work is kept. Please save it.</source>
        <translation>显示场景时出了错；你的修改都还在，请先保存。</translation>
    </message>
    <message>
        <source>That edit could not be shown, so it was undone; the scene is as it was before it.</source>
        <translation>这次修改无法显示，已经撤回；场景恢复到修改之前的样子。</translation>
    </message>
    <message>
        <source>&amp;About Attention Lab</source>
        <translation>关于注意力实验室(&amp;A)</translation>
    </message>
    <message>
        <source>Version and licence</source>
        <translation>版本与许可证</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1[*] — Attention Lab</source>
        <translation>%1[*] — 注意力实验室</translation>
    </message>
    <message>
        <source>Every keyboard shortcut of the window (Ctrl+/)</source>
        <translation>窗口的全部键盘快捷键（Ctrl+/）</translation>
    </message>
    <message>
        <source>Read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>Another Attention Lab window has this file open. Your edits here are not saved to it; File → Save As keeps them under another name.</source>
        <translation>另一个注意力实验室窗口已打开这个文件。这里的修改不会保存到该文件；用 文件 → 另存为 以另一个名字保存。</translation>
    </message>
    <message>
        <source>%1[*] (read-only) — Attention Lab</source>
        <translation>%1[*]（只读）— 注意力实验室</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>Logit Lens</source>
        <translation>Logit 透镜</translation>
    </message>
    <message>
        <source>Attribution</source>
        <translation>归因</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>对话</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::MaskEditor</name>
    <message>
        <source>Rows are queries, columns are keys.</source>
        <translation>行是查询，列是键。</translation>
    </message>
    <message>
        <source>Query %1 sees key %2.
Click to hide it.</source>
        <translation>查询 %1 能看到键 %2。
点击可遮住它。</translation>
    </message>
    <message>
        <source>Query %1 does not see key %2.
Click to show it.</source>
        <translation>查询 %1 看不到键 %2。
点击可让它重新可见。</translation>
    </message>
    <message>
        <source>Presets:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Every query sees every key.</source>
        <translation>每个查询都能看到所有键。</translation>
    </message>
    <message>
        <source>Causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <source>Each query sees itself and the keys before it, as in a decoder.</source>
        <translation>每个查询只能看到自己和它前面的键，和解码器中一样。</translation>
    </message>
    <message>
        <source>Padding</source>
        <translation>填充</translation>
    </message>
    <message>
        <source>Hide the last k keys from every query, as padding tokens are hidden.</source>
        <translation>对所有查询遮住最后 k 个键，就像遮住填充词元那样。</translation>
    </message>
    <message>
        <source>k = </source>
        <translation>k = </translation>
    </message>
    <message>
        <source>How many keys at the end the padding preset hides.</source>
        <translation>“填充”预设遮住末尾的几个键。</translation>
    </message>
    <message>
        <source>Rows are queries, columns are keys. Click a cell to hide or show that key.</source>
        <translation>行是查询，列是键。点击格子可遮住或显示这个键。</translation>
    </message>
    <message>
        <source>The mask in effect, and any query row left without keys.</source>
        <translation>当前生效的掩码，以及看不到任何键的查询行。</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <source>Hide key %2 from query %1</source>
        <translation>对查询 %1 遮住键 %2</translation>
    </message>
    <message>
        <source>Show key %2 to query %1</source>
        <translation>让查询 %1 看到键 %2</translation>
    </message>
    <message>
        <source>Remove the mask</source>
        <translation>去掉掩码</translation>
    </message>
    <message>
        <source>Causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message numerus="yes">
        <source>Padding mask hiding the last %n key(s)</source>
        <translation>
            <numerusform>填充掩码，遮住最后 %n 个键</numerusform>
        </translation>
    </message>
    <message>
        <source>No mask: every query sees every key.</source>
        <translation>无掩码：每个查询都能看到所有键。</translation>
    </message>
    <message>
        <source>Causal mask: each query sees itself and earlier keys.</source>
        <translation>因果掩码：每个查询只能看到自己和前面的键。</translation>
    </message>
    <message>
        <source>Custom mask.</source>
        <translation>自定义掩码。</translation>
    </message>
    <message>
        <source>Query rows %1 see no key: their weights and context are all zero.</source>
        <translation>查询行 %1 看不到任何键：它们的权重和上下文全为零。</translation>
    </message>
    <message>
        <source>Query %1 does not see key %2: the mask allows it, but it lies outside the sliding window of %3 keys.
Click to hide it in the mask as well.</source>
        <translation>查询 %1 看不到键 %2：掩码允许它，但它位于宽 %3 个键的滑动窗口之外。
点击可在掩码中也把它隐藏。</translation>
    </message>
    <message numerus="yes">
        <source>On top of it, a sliding window of %n key(s): query i does not see key j when j ≤ i − %n.</source>
        <translation>
            <numerusform>此外还有一个宽 %n 个键的滑动窗口：当 j ≤ i − %n 时，查询 i 看不到键 j。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attnlab::ui::MaskEditorDock</name>
    <message>
        <source>Mask</source>
        <translation>掩码</translation>
    </message>
    <message>
        <source>Which keys each query may attend to.</source>
        <translation>每个查询可以关注哪些键。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::MatrixEditorDock</name>
    <message>
        <source>Embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>The embedding table: one row per distinct token, d_model columns.</source>
        <translation>嵌入表：每个不同的词元一行，共 d_model 列。</translation>
    </message>
    <message>
        <source>Query weights: Q = X·W_Q (d_model rows, heads·d_k columns).</source>
        <translation>查询权重：Q = X·W_Q（d_model 行，头数·d_k 列）。</translation>
    </message>
    <message>
        <source>Key weights: K = X·W_K (d_model rows, heads·d_k columns).</source>
        <translation>键权重：K = X·W_K（d_model 行，头数·d_k 列）。</translation>
    </message>
    <message>
        <source>Value weights: V = X·W_V (d_model rows, heads·d_k columns).</source>
        <translation>值权重：V = X·W_V（d_model 行，头数·d_k 列）。</translation>
    </message>
    <message>
        <source>Output weights: output = concat·W_O (heads·d_k rows, d_model columns).</source>
        <translation>输出权重：输出 = 拼接·W_O（头数·d_k 行，d_model 列）。</translation>
    </message>
    <message>
        <source>The queries, given directly: one row per token.</source>
        <translation>直接给出的查询：每个词元一行。</translation>
    </message>
    <message>
        <source>The keys, given directly: one row per token.</source>
        <translation>直接给出的键：每个词元一行。</translation>
    </message>
    <message>
        <source>The values, given directly: one row per token.</source>
        <translation>直接给出的值：每个词元一行。</translation>
    </message>
    <message>
        <source>The attention input, given directly: one row per token, d_model columns. In a head taken from a model it is what that layer&apos;s attention reads.</source>
        <translation>直接给出的注意力输入：每个词元一行，共 d_model 列。对于取自模型的头，它就是该层注意力读入的内容。</translation>
    </message>
    <message>
        <source>Query bias: Q = X·W_Q + b_Q (one value per column of W_Q).</source>
        <translation>查询偏置：Q = X·W_Q + b_Q（W_Q 的每一列对应一个值）。</translation>
    </message>
    <message>
        <source>Key bias: K = X·W_K + b_K (one value per column of W_K).</source>
        <translation>键偏置：K = X·W_K + b_K（W_K 的每一列对应一个值）。</translation>
    </message>
    <message>
        <source>Value bias: V = X·W_V + b_V (one value per column of W_V).</source>
        <translation>值偏置：V = X·W_V + b_V（W_V 的每一列对应一个值）。</translation>
    </message>
    <message>
        <source>Output bias: output = concat·W_O + b_O (one value per column of W_O).</source>
        <translation>输出偏置：输出 = 拼接·W_O + b_O（W_O 的每一列对应一个值）。</translation>
    </message>
    <message>
        <source>Matrices</source>
        <translation>矩阵</translation>
    </message>
    <message>
        <source>Edit the embeddings and weights; every stage recomputes at once.</source>
        <translation>修改嵌入和权重；每一步都会立即重新计算。</translation>
    </message>
    <message>
        <source>What happened to the last edit.</source>
        <translation>上一次修改的结果。</translation>
    </message>
    <message>
        <source>&amp;Import Matrix…</source>
        <translation>导入矩阵(&amp;I)…</translation>
    </message>
    <message>
        <source>Replace the matrix of the front editor tab with a CSV table or a NumPy .npy array of the same shape. Ctrl+C / Ctrl+V in the editor copy and paste cell ranges.</source>
        <translation>用形状相同的 CSV 表格或 NumPy .npy 数组替换编辑器当前标签页中的矩阵。在编辑器中按 Ctrl+C / Ctrl+V 可以复制、粘贴一片单元格。</translation>
    </message>
    <message>
        <source>Not imported: %1 cannot be read (%2).</source>
        <translation>未导入：无法读取 %1（%2）。</translation>
    </message>
    <message>
        <source>Not imported: %1 is larger than 1 GB.</source>
        <translation>未导入：%1 大于 1 GB。</translation>
    </message>
    <message>
        <source>Not imported: %1: %2.</source>
        <translation>未导入：%1：%2。</translation>
    </message>
    <message>
        <source>Not imported: %1 holds %2 × %3 values, but %4 is %5 × %6.</source>
        <translation>未导入：%1 含有 %2 × %3 个数，而 %4 是 %5 × %6。</translation>
    </message>
    <message>
        <source>Import %1 from %2</source>
        <translation>从 %2 导入 %1</translation>
    </message>
    <message>
        <source>Imported %1 from %2.</source>
        <translation>已从 %2 导入 %1。</translation>
    </message>
    <message>
        <source>Import into %1</source>
        <translation>导入到 %1</translation>
    </message>
    <message>
        <source>Matrices (*.csv *.tsv *.txt *.npy);;All files (*)</source>
        <translation>矩阵 (*.csv *.tsv *.txt *.npy);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Drag sideways on a cell to scrub it; the wheel scrubs the selected cell.</source>
        <translation>在格子上左右拖动可连续调整数值；滚轮调整选中的格子。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::MatrixModel</name>
    <message>
        <source>%1[%2][%3] = %4
Double-click or type to edit; drag sideways or use the wheel on the selected cell to scrub (Shift: coarse, Ctrl: fine).</source>
        <translation>%1[%2][%3] = %4
双击或直接输入进行编辑；在选中的格子上左右拖动或滚动滚轮可连续调整（Shift：粗调，Ctrl：微调）。</translation>
    </message>
    <message>
        <source>Row %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>Row %1: token “%2”</source>
        <translation>第 %1 行：词元“%2”</translation>
    </message>
    <message>
        <source>Column %1: dimension %2 of head %3</source>
        <translation>第 %1 列：头 %3 的第 %2 维</translation>
    </message>
    <message>
        <source>Column %1</source>
        <translation>第 %1 列</translation>
    </message>
    <message>
        <source>%1
head %2</source>
        <translation>%1
头 %2</translation>
    </message>
    <message>
        <source>“%1” is not a number.</source>
        <translation>“%1”不是一个数。</translation>
    </message>
    <message>
        <source>Only finite numbers are allowed, not “%1”.</source>
        <translation>只允许有限的数，不能是“%1”。</translation>
    </message>
    <message>
        <source>Values must lie between −1000000 and 1000000.</source>
        <translation>数值必须在 −1000000 到 1000000 之间。</translation>
    </message>
    <message>
        <source>Only finite numbers are allowed.</source>
        <translation>只允许有限的数。</translation>
    </message>
    <message>
        <source>Not applied: %1 × %2 values do not fit at row %3, column %4 of %5, which is %6 × %7.</source>
        <translation>未应用：%1 × %2 个数放不进 %5 第 %3 行、第 %4 列起的位置，%5 的形状是 %6 × %7。</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <source>Row %1: token “%2”, not in the sentence now. Its values are kept for when it returns; Settings → Remove unused rows deletes it.</source>
        <translation>第 %1 行：词元“%2”，现在不在句子中。它的数值会保留到它再次出现；设置 → 删除未用的行 可以删除它。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::MatrixTableView</name>
    <message>
        <source>Double-click or start typing to edit a cell. Drag sideways on a cell to scrub its value; the mouse wheel scrubs the selected cell. Shift: coarse steps, Ctrl: fine steps.</source>
        <translation>双击或直接输入即可编辑格子。在格子上左右拖动可连续调整数值；鼠标滚轮调整选中的格子。Shift：大步调整，Ctrl：小步调整。</translation>
    </message>
    <message>
        <source>Scrub %1[%2][%3]</source>
        <translation>连续调整 %1[%2][%3]</translation>
    </message>
    <message>
        <source>Not pasted: %1.</source>
        <translation>未粘贴：%1。</translation>
    </message>
    <message>
        <source>Paste %1 × %2 into %3</source>
        <translation>把 %1 × %2 个数粘贴到 %3</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::ModelActions</name>
    <message>
        <source>Opening the model…</source>
        <translation>正在打开模型…</translation>
    </message>
    <message>
        <source>Running the model…</source>
        <translation>正在运行模型…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>The model could not be opened:
%1</source>
        <translation>无法打开模型：
%1</translation>
    </message>
    <message>
        <source>Opening the model was cancelled.</source>
        <translation>已取消打开模型。</translation>
    </message>
    <message>
        <source>Opened %1 (%2 layers × %3 heads) from %4</source>
        <translation>已从 %4 打开 %1（%2 层 × %3 个头）</translation>
    </message>
    <message>
        <source>Open &amp;Model…</source>
        <translation>打开模型(&amp;M)…</translation>
    </message>
    <message>
        <source>The model is still busy; wait or press Cancel.</source>
        <translation>模型仍在计算中；请稍候或按“取消”。</translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <source>Chat: 猫吃鱼 with Qwen2.5</source>
        <translation>对话：用 Qwen2.5 问“猫吃鱼”</translation>
    </message>
    <message>
        <source>Open Qwen2.5-0.5B-Instruct from the Hugging Face cache with 猫吃鱼 as a user&apos;s chat turn in its chat template, ready for the model&apos;s answer (Ctrl+Shift+F)</source>
        <translation>从 Hugging Face 缓存打开 Qwen2.5-0.5B-Instruct，把“猫吃鱼”作为用户的一轮对话套入它的对话模板，等待模型回答（Ctrl+Shift+F）</translation>
    </message>
    <message>
        <source>The models already on this computer: the Hugging Face cache by hub id, Ollama&apos;s by name:tag, LM Studio&apos;s GGUF files, each with its family, quantization and size</source>
        <translation>这台电脑上已有的模型：Hugging Face 缓存中的按 Hub ID 列出，Ollama 的按“名称:标签”列出，LM Studio 的 GGUF 文件；每个都标出架构、量化方式和大小</translation>
    </message>
    <message>
        <source>Ollama</source>
        <translation>Ollama</translation>
    </message>
    <message>
        <source>LM Studio</source>
        <translation>LM Studio</translation>
    </message>
    <message>
        <source>Hugging Face cache</source>
        <translation>Hugging Face 缓存</translation>
    </message>
    <message>
        <source>No models in %1, %2 or %3</source>
        <translation>%1、%2 和 %3 中都没有模型</translation>
    </message>
    <message>
        <source>Models downloaded with huggingface-cli or transformers, pulled with Ollama or downloaded in LM Studio appear here; Attention Lab itself never downloads</source>
        <translation>用 huggingface-cli 或 transformers 下载的、用 Ollama 拉取的、在 LM Studio 中下载的模型都会出现在这里；注意力实验室自己从不下载</translation>
    </message>
    <message>
        <source>Open &amp;GGUF Model File…</source>
        <translation>打开 GGUF 模型文件(&amp;G)…</translation>
    </message>
    <message>
        <source>Open one .gguf file as llama.cpp, Ollama and LM Studio keep a model (a Llama, Qwen2 or Qwen3, quantized or not) and see its real attention</source>
        <translation>打开一个 .gguf 文件（llama.cpp、Ollama 和 LM Studio 保存模型的格式；Llama、Qwen2 或 Qwen3，量化或未量化），查看它真实的注意力</translation>
    </message>
    <message>
        <source>Open GGUF Model File</source>
        <translation>打开 GGUF 模型文件</translation>
    </message>
    <message>
        <source>GGUF files (*.gguf);;All files (*)</source>
        <translation>GGUF 文件 (*.gguf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open Model Folder or GGUF File</source>
        <translation>打开模型文件夹或 GGUF 文件</translation>
    </message>
    <message>
        <source>Model folders and GGUF files (*.gguf);;All files (*)</source>
        <translation>模型文件夹和 GGUF 文件 (*.gguf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open a Model on &amp;This Machine</source>
        <translation>打开本机上的模型(&amp;T)</translation>
    </message>
    <message>
        <source>Open a GPT-2, BERT, Qwen2, Qwen3, Qwen3-MoE, Llama, Gemma 2 or Gemma 3 checkpoint folder (config.json, model.safetensors, tokenizer.json) or a .gguf file and see its real attention (Ctrl+Shift+M)</source>
        <translation>打开一个 GPT-2、BERT、Qwen2、Qwen3、Qwen3-MoE、Llama、Gemma 2 或 Gemma 3 检查点文件夹（config.json、model.safetensors、tokenizer.json）或一个 .gguf 文件，查看它真实的注意力（Ctrl+Shift+M）</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::ModelGridView</name>
    <message>
        <source>Every head of every layer: row = layer, column = head; in a thumbnail the row is the query token, the column the key. Click to select a head, Ctrl+click (or right-click) to switch it off.</source>
        <translation>每一层的每个头：行 = 层，列 = 头；缩略图中行是查询词元，列是键。单击选择一个头，按住 Ctrl 单击（或右键）将其关闭。</translation>
    </message>
    <message>
        <source>The text has %1 tokens: each pixel shows the strongest weight of a block of up to %2 × %2 cells; the lines beside it show every one.</source>
        <translation>这段文本有 %1 个词元：每个像素显示一块最多 %2 × %2 个格子中最大的权重；旁边的连线图显示全部权重。</translation>
    </message>
    <message>
        <source>File → Open Model… shows every head here.</source>
        <translation>“文件 → 打开模型…”后，这里显示每一个注意力头。</translation>
    </message>
    <message>
        <source>Switch On Head %1</source>
        <translation>打开头 %1</translation>
    </message>
    <message>
        <source>Switch Off Head %1</source>
        <translation>关闭头 %1</translation>
    </message>
    <message>
        <source>Layer %1, head %2 (%3), switched off.
Ctrl+click to switch it on again.</source>
        <translation>第 %1 层，头 %2（%3），已关闭。
按住 Ctrl 单击可重新打开。</translation>
    </message>
    <message>
        <source>Layer %1, head %2 (%3).
Click to select it, Ctrl+click to switch it off.</source>
        <translation>第 %1 层，头 %2（%3）。
单击选择，按住 Ctrl 单击将其关闭。</translation>
    </message>
    <message>
        <source>The bottom row is the newest token&apos;s query over every cached key.</source>
        <translation>最下面一行是最新词元的查询对所有已缓存键的注意力。</translation>
    </message>
    <message>
        <source>Head →</source>
        <translation>头 →</translation>
    </message>
    <message>
        <source>Layer ↓</source>
        <translation>层 ↓</translation>
    </message>
    <message>
        <source>%1 tokens a side</source>
        <translation>每边 %1 个词元</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::ModelRoom</name>
    <message>
        <source>Switch Off Head %1</source>
        <translation>关闭头 %1</translation>
    </message>
    <message>
        <source>Open on Board</source>
        <translation>在流程板上打开</translation>
    </message>
    <message>
        <source>Switch On Head %1</source>
        <translation>打开头 %1</translation>
    </message>
    <message>
        <source>Show the whole block of the selected head&apos;s layer on the block board: the residual stream, the norms, the heads, W_O, the MLP and the stream out (Ctrl+Shift+L)</source>
        <translation>在整层流程板上显示选中头所在层的整个模块：残差流、归一化、各个头、W_O、MLP 和输出残差流（Ctrl+Shift+L）</translation>
    </message>
    <message>
        <source>Open Layer %1 on Board</source>
        <translation>在流程板上打开第 %1 层</translation>
    </message>
    <message>
        <source>Model room</source>
        <translation>模型工作区</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Show %1</source>
        <translation>显示“%1”</translation>
    </message>
    <message>
        <source>Undo the last change to the model: a head switched off or on, or a weight edited on a board (Ctrl+Z)</source>
        <translation>撤销对模型的上一次改动：关闭或打开一个头，或在流程板上修改的权重（Ctrl+Z）</translation>
    </message>
    <message>
        <source>Redo the change just undone (Ctrl+Shift+Z)</source>
        <translation>重做刚撤销的改动（Ctrl+Shift+Z）</translation>
    </message>
    <message>
        <source>Show the selected head on the pipeline board with the model&apos;s own numbers, linked to the model: step through Q, K, V, scores, softmax and output, and edit its weights there; each edit changes the model at once (one undo step).</source>
        <translation>在流程板上用模型自己的数值显示所选的头，并与模型链接：逐步查看 Q、K、V、得分、softmax 和输出，并在那里修改它的权重；每次修改都会立即改变模型（一步撤销）。</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤销(&amp;U)：%1</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做(&amp;R)：%1</translation>
    </message>
    <message>
        <source>A real GPT-2, BERT, Qwen2, Qwen3, Qwen3-MoE, Llama, Gemma 2 or Gemma 3 model: every layer&apos;s and head&apos;s attention, the selected head, and the prediction.</source>
        <translation>一个真实的 GPT-2、BERT、Qwen2、Qwen3、Qwen3-MoE、Llama、Gemma 2 或 Gemma 3 模型：每一层每个头的注意力、选中的头，以及预测。</translation>
    </message>
    <message>
        <source>Ablate the selected head (its context becomes zero before W_O, as transformers&apos; head_mask = 0 did in GPT-2 and BERT until version 5 removed it; the other families never had a head_mask) and see how the prediction changes. Ctrl+click a thumbnail does the same.</source>
        <translation>消融选中的头（它的上下文在乘 W_O 之前变为零，相当于 transformers 在第 5 版移除 head_mask 之前对 GPT-2 和 BERT 设 head_mask = 0；其他模型族从来没有 head_mask），观察预测如何变化。按住 Ctrl 单击缩略图效果相同。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::ModelSentence</name>
    <message>
        <source>Sentence:</source>
        <translation>句子：</translation>
    </message>
    <message>
        <source>Type a sentence for the model, e.g. The animal didn&apos;t cross the street because it was too tired</source>
        <translation>为模型输入一个句子，例如 The animal didn&apos;t cross the street because it was too tired</translation>
    </message>
    <message>
        <source>Tokenized exactly as the model&apos;s tokenizer does; Enter or a short pause runs the model. BERT predicts the first [MASK].</source>
        <translation>完全按照模型自己的分词器切分；按回车或稍停片刻即运行模型。BERT 预测第一个 [MASK]。</translation>
    </message>
    <message>
        <source>Token %1: “%2”, id %3, vocabulary piece “%4”</source>
        <translation>词元 %1：“%2”，编号 %3，词表条目“%4”</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>… 还有 %1 个</translation>
    </message>
    <message>
        <source>&lt;small&gt;%1&lt;/small&gt; %2 &lt;small&gt;id %3&lt;/small&gt;</source>
        <translation>&lt;small&gt;%1&lt;/small&gt; %2 &lt;small&gt;id %3&lt;/small&gt;</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::ModelSession</name>
    <message>
        <source>The text has %1 tokens, but the model reads at most %2.</source>
        <translation>文本有 %1 个词元，但模型最多读取 %2 个。</translation>
    </message>
    <message>
        <source>Switch off head %1</source>
        <translation>关闭头 %1</translation>
    </message>
    <message>
        <source>Switch on head %1</source>
        <translation>打开头 %1</translation>
    </message>
    <message>
        <source>The tokenizer has tokens for only %1 of the model&apos;s %2 token ids. The other %3 ids can still be predicted; they are shown as “&lt;id N&gt;”. Check that the tokenizer files belong to this model.</source>
        <translation>分词器只为模型 %2 个词元 id 中的 %1 个提供了词元。其余 %3 个 id 仍可能被预测，显示为“&lt;id N&gt;”。请检查分词器文件是否属于这个模型。</translation>
    </message>
    <message>
        <source>%1 The panels still show the last result, for “%2”.</source>
        <translation>%1 各面板仍显示上一次的结果（句子“%2”）。</translation>
    </message>
    <message>
        <source>The run was cancelled.</source>
        <translation>运行已取消。</translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
    <message>
        <source>Set %1[%2][%3] of layer %4 to %5</source>
        <translation>将第 %4 层的 %1[%2][%3] 设为 %5</translation>
    </message>
    <message>
        <source>Set %1 cells of %2 in layer %3</source>
        <translation>设置第 %3 层 %2 的 %1 个单元格</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::PagedBlockGrid</name>
    <message>
        <source>Block %1: free</source>
        <translation>块 %1：空闲</translation>
    </message>
    <message>
        <source>%1 of %2 slots filled</source>
        <translation>%2 个槽中已填 %1 个</translation>
    </message>
    <message>
        <source>Block %1: shared by sequences %2 (%3 references); %4</source>
        <translation>块 %1：由序列 %2 共享（%3 个引用）；%4</translation>
    </message>
    <message>
        <source>Block %1: sequence %2; %3</source>
        <translation>块 %1：序列 %2；%3</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::PagedCacheView</name>
    <message>
        <source>Open a model to see its KV cache in blocks.</source>
        <translation>打开一个模型，查看它分块存放的 KV 缓存。</translation>
    </message>
    <message>
        <source>This model reads the whole text at once (it is not causal): it has no KV cache to page.</source>
        <translation>这个模型一次读入整段文本（它不是因果的）：没有可分页的 KV 缓存。</translation>
    </message>
    <message>
        <source>%1 prompt tokens and %2 generated in each of %3 continuations; blocks of %4 tokens, %5 each.</source>
        <translation>提示 %1 个词元，%3 个续写各生成 %2 个；每块 %4 个词元，每块 %5。</translation>
    </message>
    <message>
        <source>%1 blocks in use, %2 of them shared: %3. Filled: %4. Wasted in partly filled blocks: %5.</source>
        <translation>使用中的块 %1 个，其中共享的 %2 个：%3。已填：%4。未填满的块中浪费：%5。</translation>
    </message>
    <message>
        <source>Blocks copied on write: %1. Without sharing the continuations would take %2.</source>
        <translation>写时复制的块：%1 个。不共享时这些续写要占 %2。</translation>
    </message>
    <message>
        <source>The KV cache in pages</source>
        <translation>分页的 KV 缓存</translation>
    </message>
    <message>
        <source>Block size</source>
        <translation>块大小</translation>
    </message>
    <message>
        <source>Token slots per block. The cache is handed out a block at a time, so only the last block of each sequence can be partly empty. vLLM uses 16.</source>
        <translation>每块的词元槽数。缓存一次分配一个块，所以每个序列只有最后一个块可能没填满。vLLM 用 16。</translation>
    </message>
    <message>
        <source>Continuations</source>
        <translation>续写数</translation>
    </message>
    <message>
        <source>How many sampled continuations of the prompt run together. They share the prompt&apos;s blocks; each writes its own tokens into blocks of its own.</source>
        <translation>同时运行多少个提示的采样续写。它们共享提示的块；各自的词元写进各自的块。</translation>
    </message>
    <message>
        <source>How a paged KV cache shares and wastes memory</source>
        <translation>分页的 KV 缓存如何共享和浪费内存</translation>
    </message>
    <message>
        <source>The cache&apos;s blocks by id: a colour per continuation, grey with a count for a block several share, an outline for a free block. The solid part is filled, the pale part wasted.</source>
        <translation>按编号排列的缓存块：每个续写一种颜色，几个续写共享的块为灰色并标出引用数，空闲块只画轮廓。实心部分已填，浅色部分是浪费。</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>序列</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>词元数</translation>
    </message>
    <message>
        <source>Block table</source>
        <translation>块表</translation>
    </message>
    <message>
        <source>Each continuation&apos;s block table: the physical block of its tokens 0 … B−1, B … 2B−1 and so on, where B is the block size.</source>
        <translation>每个续写的块表：它的词元 0 … B−1、B … 2B−1 等各在哪个物理块里，B 是块大小。</translation>
    </message>
    <message>
        <source>Bytes per block: block size × 2 (K and V) × layers × K/V heads × head_dim × bytes per element (the checkpoint&apos;s float width; F16 for a quantized GGUF file).</source>
        <translation>每块的字节数：块大小 × 2（K 和 V）× 层数 × K/V 头数 × head_dim × 每个数的字节数（检查点的浮点宽度；量化的 GGUF 文件按 F16）。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::PipelineBoard</name>
    <message>
        <source>All %1 stages shown; current: %2</source>
        <translation>全部 %1 步已显示；当前：%2</translation>
    </message>
    <message>
        <source>Stage %1 of %2: %3</source>
        <translation>第 %1/%2 步：%3</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>&amp;Head:</source>
        <translation>头(&amp;H)：</translation>
    </message>
    <message>
        <source>The head whose Q, K, V, scores, weights and context the cards show (Ctrl+] next head, Ctrl+[ previous head)</source>
        <translation>卡片显示哪个头的 Q、K、V、分数、权重和上下文（Ctrl+] 下一个头，Ctrl+[ 上一个头）</translation>
    </message>
    <message>
        <source>Next &amp;Head</source>
        <translation>下一个头(&amp;H)</translation>
    </message>
    <message>
        <source>Show the next attention head (Ctrl+])</source>
        <translation>显示下一个注意力头（Ctrl+]）</translation>
    </message>
    <message>
        <source>Previous H&amp;ead</source>
        <translation>上一个头(&amp;E)</translation>
    </message>
    <message>
        <source>Show the previous attention head (Ctrl+[)</source>
        <translation>显示上一个注意力头（Ctrl+[）</translation>
    </message>
    <message>
        <source>The stage the class has reached; later stages stay hidden until reached</source>
        <translation>课堂已经进行到的步骤；后面的步骤在到达之前保持隐藏</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::PredictionPanel</name>
    <message>
        <source>Prediction</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>&lt;b&gt;Next token&lt;/b&gt; after the sentence</source>
        <translation>句子之后的&lt;b&gt;下一个词元&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Fillers for the first [MASK]&lt;/b&gt;</source>
        <translation>&lt;b&gt;第一个 [MASK] 的候选词&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Open a model to see what it predicts.</source>
        <translation>打开一个模型，查看它的预测。</translation>
    </message>
    <message>
        <source>This checkpoint has no masked-language-model head (cls.predictions), so it cannot fill in [MASK].</source>
        <translation>这个检查点没有掩码语言模型头（cls.predictions），因此无法填写 [MASK]。</translation>
    </message>
    <message>
        <source>Type a sentence.</source>
        <translation>请输入一个句子。</translation>
    </message>
    <message>
        <source>Write [MASK] where BERT should fill in a word, e.g. “The cat [MASK] on the mat.”</source>
        <translation>在希望 BERT 填词的位置写上 [MASK]，例如“The cat [MASK] on the mat.”</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>Token id %1</source>
        <translation>词元编号 %1</translation>
    </message>
    <message>
        <source>Token id %1 has no token in the tokenizer: the model&apos;s vocabulary is larger than the tokenizer&apos;s.</source>
        <translation>词元 id %1 在分词器中没有对应的词元：模型的词表比分词器的大。</translation>
    </message>
    <message>
        <source>What the model predicted before the last change to its weights or heads, and what it predicts now. Undo the change to go back.</source>
        <translation>模型在最近一次修改权重或头之前的预测，以及现在的预测。撤销这次修改即可回到之前。</translation>
    </message>
    <message>
        <source>Before the last change: “%1” %2 → now: “%3” %4</source>
        <translation>上次修改前：“%1” %2 → 现在：“%3” %4</translation>
    </message>
    <message>
        <source>was %1</source>
        <translation>原为 %1</translation>
    </message>
    <message>
        <source>This token&apos;s probability before the last change to the model</source>
        <translation>上次修改模型之前这个词元的概率</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::PresentationMode</name>
    <message>
        <source>&amp;Presentation Mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Full screen, one large high-contrast card at a time, for projecting (F11 or F5)</source>
        <translation>全屏显示，每次一张高对比度的大卡片，适合投影（F11 或 F5）</translation>
    </message>
    <message>
        <source>Leave Presentation Mode</source>
        <translation>退出演示模式</translation>
    </message>
    <message>
        <source>Back to the normal window (Esc)</source>
        <translation>回到普通窗口（Esc）</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Larger texts and heatmap labels (Ctrl+=)</source>
        <translation>放大文字和热力图标签（Ctrl+=）</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Smaller texts and heatmap labels (Ctrl+-)</source>
        <translation>缩小文字和热力图标签（Ctrl+-）</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>重置缩放(&amp;R)</translation>
    </message>
    <message>
        <source>Texts and heatmap labels at their normal size (Ctrl+0)</source>
        <translation>文字和热力图标签恢复正常大小（Ctrl+0）</translation>
    </message>
    <message>
        <source>&amp;Enlarge Card</source>
        <translation>放大卡片(&amp;E)</translation>
    </message>
    <message>
        <source>The current card alone on the whole board or screen, with room for every label and value; again (or Esc) brings the other cards back (E, or double-click a card)</source>
        <translation>当前卡片独占整个流程板或屏幕，每个标签和数值都有位置；再按一次（或 Esc）恢复其他卡片（E，或双击卡片）</translation>
    </message>
    <message>
        <source>In presentation mode, show the inspector and the explanation beside the card, to explain a number without leaving full screen (I)</source>
        <translation>演示模式中在卡片旁显示检查器和讲解，不离开全屏就能讲解一个数（I）</translation>
    </message>
    <message>
        <source>Inspector in Prese&amp;ntation</source>
        <translation>演示时显示检查器(&amp;N)</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::PresentationView</name>
    <message>
        <source>Stage %1 / %2</source>
        <translation>第 %1 / %2 步</translation>
    </message>
    <message>
        <source>How far the class has stepped through the pipeline</source>
        <translation>课堂在计算流程中已经走到哪一步</translation>
    </message>
    <message>
        <source>Page Down / → next   ·   Page Up / ← previous   ·   E enlarge   ·   I inspector   ·   Ctrl+= / Ctrl+- zoom   ·   F11 / Esc leaves</source>
        <translation>Page Down / → 下一步   ·   Page Up / ← 上一步   ·   E 放大   ·   I 检查器   ·   Ctrl+= / Ctrl+- 缩放   ·   F11 / Esc 退出</translation>
    </message>
    <message>
        <source>Keys that work in presentation mode</source>
        <translation>演示模式中可用的按键</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::QuantActions</name>
    <message>
        <source>Quantization</source>
        <translation>量化</translation>
    </message>
    <message>
        <source>The model could not be opened:
%1</source>
        <translation>无法打开模型：
%1</translation>
    </message>
    <message>
        <source>&amp;Quantization…</source>
        <translation>量化(&amp;Q)…</translation>
    </message>
    <message>
        <source>See how the open GGUF model stores its weights: each block&apos;s scale, min and integer codes, and the error against an unquantized original (Ctrl+Shift+Q)</source>
        <translation>查看已打开的 GGUF 模型如何存储权重：每个块的缩放因子、最小值和整数编码，以及与未量化原始模型相比的误差（Ctrl+Shift+Q）</translation>
    </message>
    <message>
        <source>Same Head, Several &amp;Files…</source>
        <translation>同一个头，多个文件(&amp;F)…</translation>
    </message>
    <message>
        <source>One head on one text from two or three files of the open GGUF model (e.g. F32, Q8_0, Q4_K): scores, weights, context, their difference and the prediction of each, with each file&apos;s size, memory and decode speed</source>
        <translation>用当前 GGUF 模型的两三个文件（例如 F32、Q8_0、Q4_K）在同一段文本上计算同一个注意力头：各自的分数、权重、上下文、它们的差别和预测，以及每个文件的大小、内存和解码速度</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::QuantBlockTable</name>
    <message>
        <source>One row per weight of the picked block: its group (a k-quant&apos;s sub-block, with the sub-scale sc and sub-min m as stored), the integer code as the file stores it, the scale and min it is computed with, and the value the model uses</source>
        <translation>所选块的每个权重占一行：它所在的组（k-quant 的子块，附带文件中存储的子缩放 sc 和子最小值 m）、文件中存储的整数编码、计算时所用的缩放因子和最小值，以及模型实际使用的值</translation>
    </message>
    <message>
        <source>Click a block of the heatmap to see its scale, min and codes.</source>
        <translation>点击热力图中的一个块，查看它的缩放因子、最小值和编码。</translation>
    </message>
    <message>
        <source>Block %1 of %2: row %3, columns %4–%5</source>
        <translation>第 %1 块（共 %2 块）：第 %3 行，第 %4–%5 列</translation>
    </message>
    <message>
        <source>value = (code − %1) × scale, scale = d × the group&apos;s scale</source>
        <translation>值 = (编码 − %1) × 缩放，缩放 = d × 该组的缩放</translation>
    </message>
    <message>
        <source>value = (code − %1) × d</source>
        <translation>值 = (编码 − %1) × d</translation>
    </message>
    <message>
        <source>value = code × d</source>
        <translation>值 = 编码 × d</translation>
    </message>
    <message>
        <source>value = code × d + m</source>
        <translation>值 = 编码 × d + m</translation>
    </message>
    <message>
        <source>value = scale × code − min, scale = d × the sub-block&apos;s scale, min = dmin × the sub-block&apos;s min</source>
        <translation>值 = 缩放 × 编码 − 最小值，缩放 = d × 子块的缩放，最小值 = dmin × 子块的最小值</translation>
    </message>
    <message>
        <source>A plain float: no scale; the code is its bit pattern.</source>
        <translation>普通浮点数：没有缩放因子；编码就是它的二进制位。</translation>
    </message>
    <message>
        <source>Column</source>
        <translation>列</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>组</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>缩放</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Original</source>
        <translation>原始值</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::QuantCompareWindow</name>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>Type a text: the head is computed on its tokens.</source>
        <translation>请输入一段文本：注意力头在它的词元上计算。</translation>
    </message>
    <message numerus="yes">
        <source>The model reads at most %n tokens: the rest of the text is left out.</source>
        <translation>
            <numerusform>模型最多读取 %n 个词元：文本的其余部分被略去。</numerusform>
        </translation>
    </message>
    <message>
        <source>Computing the head in each file…</source>
        <translation>正在用每个文件计算这个头…</translation>
    </message>
    <message>
        <source>Measuring the decode speed of each file…</source>
        <translation>正在测量每个文件的解码速度…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Add a GGUF File of the Same Model</source>
        <translation>添加同一模型的 GGUF 文件</translation>
    </message>
    <message>
        <source>GGUF files (*.gguf);;All files (*)</source>
        <translation>GGUF 文件 (*.gguf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Same Head, Several Files</source>
        <translation>同一个头，多个文件</translation>
    </message>
    <message>
        <source>&amp;Text:</source>
        <translation>文本(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Layer:</source>
        <translation>层(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Head:</source>
        <translation>头(&amp;H)：</translation>
    </message>
    <message>
        <source>The text every file computes on, split by the first file&apos;s tokenizer; press Enter to compute again</source>
        <translation>每个文件都在这段文本上计算，由第一个文件的分词器切分；按回车重新计算</translation>
    </message>
    <message>
        <source>The layer of the head to compare (counting from 1)</source>
        <translation>要比较的头所在的层（从 1 开始计数）</translation>
    </message>
    <message>
        <source>The head to compare in that layer (counting from 1)</source>
        <translation>该层中要比较的头（从 1 开始计数）</translation>
    </message>
    <message>
        <source>&amp;Add File…</source>
        <translation>添加文件(&amp;A)…</translation>
    </message>
    <message numerus="yes">
        <source>Add a GGUF file of the same model in another type (F32, BF16, Q8_0, Q4_K …): up to %n files side by side</source>
        <translation>
            <numerusform>添加同一模型另一种类型（F32、BF16、Q8_0、Q4_K …）的 GGUF 文件：最多 %n 个文件并排比较</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Remove Last</source>
        <translation>移除最后一个(&amp;R)</translation>
    </message>
    <message>
        <source>Take the last file added out of the comparison</source>
        <translation>把最后添加的文件移出比较</translation>
    </message>
    <message>
        <source>&amp;Measure Speed</source>
        <translation>测量速度(&amp;M)</translation>
    </message>
    <message numerus="yes">
        <source>Generate %n tokens greedily after the text with each file and time them: its decode speed in tokens per second on this computer</source>
        <translation>
            <numerusform>用每个文件在文本之后贪心生成 %n 个词元并计时：得到它在这台计算机上的解码速度（每秒词元数）</numerusform>
        </translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>Weights − first file</source>
        <translation>权重 − 第一个文件</translation>
    </message>
    <message>
        <source>Next token</source>
        <translation>下一个词元</translation>
    </message>
    <message>
        <source>q·kᵀ scaled, before the softmax: row = query token, column = key token; grey cells are hidden by the causal mask</source>
        <translation>缩放后的 q·kᵀ，softmax 之前：行 = 查询词元，列 = 键词元；灰色单元格被因果掩码遮住</translation>
    </message>
    <message>
        <source>The attention weights after the softmax, 0 to 1: how much each query token reads each key token</source>
        <translation>softmax 之后的注意力权重，0 到 1：每个查询词元读取每个键词元的多少</translation>
    </message>
    <message>
        <source>What the head passes on: its weights times its values, one row per token, one column per dimension of the head</source>
        <translation>这个头向后传递的内容：权重乘以值，每个词元一行，头的每个维度一列</translation>
    </message>
    <message>
        <source>This file&apos;s attention weights minus the first file&apos;s: red where this file attends more, blue where less</source>
        <translation>这个文件的注意力权重减去第一个文件的：红色表示这个文件关注得更多，蓝色表示更少</translation>
    </message>
    <message>
        <source>The other files are compared with this one</source>
        <translation>其他文件都与这个文件比较</translation>
    </message>
    <message>
        <source>The file&apos;s type, its bits per weight, its size on disk, the memory its weights take here (the matrices stay in the file&apos;s blocks, the norms become float32) and its measured decode speed</source>
        <translation>文件的类型、每个权重的位数、磁盘上的大小、它的权重在这里占用的内存（矩阵保持文件中的量化块，归一化向量转为 float32）以及实测的解码速度</translation>
    </message>
    <message>
        <source>The five most likely next tokens after the text, with their probabilities; below the first file, the first file&apos;s probability of the same token and the change</source>
        <translation>文本之后最可能的五个下一个词元及其概率；第一个文件以下的各行还列出第一个文件对同一词元的概率和变化</translation>
    </message>
    <message>
        <source>%1, %2 bits per weight</source>
        <translation>%1，每个权重 %2 位</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <source>Memory for the weights: %1</source>
        <translation>权重占用内存：%1</translation>
    </message>
    <message numerus="yes">
        <source>Decode: %1 tokens/s (%n tokens)</source>
        <translation>
            <numerusform>解码：每秒 %1 个词元（%n 个词元）</numerusform>
        </translation>
    </message>
    <message>
        <source>Decode: not measured yet (Measure Speed)</source>
        <translation>解码：尚未测量（测量速度）</translation>
    </message>
    <message>
        <source>The first file: the others are compared with it.</source>
        <translation>第一个文件：其他文件都与它比较。</translation>
    </message>
    <message>
        <source>This model does not predict a next token.</source>
        <translation>这个模型不预测下一个词元。</translation>
    </message>
    <message>
        <source>Same most likely token as the first file</source>
        <translation>最可能的词元与第一个文件相同</translation>
    </message>
    <message>
        <source>Most likely token changed: %1 → %2</source>
        <translation>最可能的词元变了：%1 → %2</translation>
    </message>
    <message>
        <source>(first file %1, %2%3)</source>
        <translation>（第一个文件 %1，%2%3）</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>heads</source>
        <translation>头数</translation>
    </message>
    <message>
        <source>head size</source>
        <translation>头的维度</translation>
    </message>
    <message>
        <source>vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>%1 is not a file of the same model (%2 %3 ≠ %4).</source>
        <translation>%1 不是同一模型的文件（%2 %3 ≠ %4）。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::QuantHeatmap</name>
    <message>
        <source>Row %1, column %2: %3 (block %4)</source>
        <translation>第 %1 行，第 %2 列：%3（第 %4 块）</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::QuantWindow</name>
    <message>
        <source>Quantization</source>
        <translation>量化</translation>
    </message>
    <message>
        <source>Quantization — %1</source>
        <translation>量化 — %1</translation>
    </message>
    <message>
        <source>&amp;Layer:</source>
        <translation>层(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Matrix:</source>
        <translation>矩阵(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>显示(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Zoom:</source>
        <translation>放大(&amp;Z)：</translation>
    </message>
    <message>
        <source>The layer whose weight matrices are listed; &quot;Outside the layers&quot; holds the token embeddings and the output head</source>
        <translation>列出哪一层的权重矩阵；“层之外”包含词元嵌入和输出头</translation>
    </message>
    <message>
        <source>The weight matrix to look at, by its name in the GGUF file</source>
        <translation>要查看的权重矩阵，按它在 GGUF 文件中的名称列出</translation>
    </message>
    <message>
        <source>Colour the heatmap by the dequantized values, or by each weight&apos;s error against the original (needs Compare with Original…)</source>
        <translation>热力图按反量化后的值着色，或按每个权重相对原始值的误差着色（需先“与原始模型比较…”）</translation>
    </message>
    <message>
        <source>Dequantized values</source>
        <translation>反量化后的值</translation>
    </message>
    <message>
        <source>Error (quantized − original)</source>
        <translation>误差（量化值 − 原始值）</translation>
    </message>
    <message>
        <source>Fit shows the whole matrix, one pixel standing for the largest weight it covers; a zoom in pixels per weight shows every weight, with a scroll bar</source>
        <translation>“适应窗口”显示整个矩阵，每个像素代表它覆盖的权重中绝对值最大的一个；按“每个权重几像素”放大则显示每个权重，并带滚动条</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <source>%1 px per weight</source>
        <translation>每个权重 %1 像素</translation>
    </message>
    <message>
        <source>&amp;Compare with Original…</source>
        <translation>与原始模型比较(&amp;C)…</translation>
    </message>
    <message>
        <source>Each weight coloured blue below zero, red above; the lines are block boundaries. Click a block to see its scale, min and codes.</source>
        <translation>每个权重按正负着色：小于零为蓝色，大于零为红色；细线是块的边界。点击一个块，查看它的缩放因子、最小值和编码。</translation>
    </message>
    <message>
        <source>Reading and dequantizing the matrix</source>
        <translation>正在读取并反量化矩阵</translation>
    </message>
    <message>
        <source>Outside the layers</source>
        <translation>层之外</translation>
    </message>
    <message>
        <source>This file holds no weight matrix this window can read.</source>
        <translation>此文件中没有本窗口能读取的权重矩阵。</translation>
    </message>
    <message>
        <source>No original open: Compare with Original… shows the error of each weight.</source>
        <translation>尚未打开原始模型：“与原始模型比较…”可显示每个权重的误差。</translation>
    </message>
    <message>
        <source>%1: %2, %3 bits per weight · %4 rows × %5 columns · %6 bytes · %7 blocks of %8 weights</source>
        <translation>%1：%2，每个权重 %3 位 · %4 行 × %5 列 · %6 字节 · %7 个块，每块 %8 个权重</translation>
    </message>
    <message>
        <source>%1 has no readable tensor %2 to compare with.</source>
        <translation>%1 中没有可读取的张量 %2，无法比较。</translation>
    </message>
    <message>
        <source>%1&apos;s tensor %2 has another shape: not the same model.</source>
        <translation>%1 中的张量 %2 形状不同：不是同一个模型。</translation>
    </message>
    <message>
        <source>Against %1 (%2): largest |error| %3 at row %4, column %5 · RMS error %6 · mean |error| %7</source>
        <translation>与 %1（%2）相比：最大 |误差| 为 %3，位于第 %4 行第 %5 列 · 均方根误差 %6 · 平均 |误差| %7</translation>
    </message>
    <message>
        <source>GGUF files (*.gguf);;All files (*)</source>
        <translation>GGUF 文件 (*.gguf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The original could not be opened:
%1</source>
        <translation>无法打开原始模型：
%1</translation>
    </message>
    <message>
        <source>Open the same model in F16, BF16 or F32 beside this file to see what quantization changed in each weight</source>
        <translation>在此文件旁打开同一模型的 F16、BF16 或 F32 版本，查看量化改变了每个权重多少</translation>
    </message>
    <message>
        <source>&amp;GGUF File…</source>
        <translation>GGUF 文件(&amp;G)…</translation>
    </message>
    <message>
        <source>A GGUF file of the same model in F16, BF16 or F32</source>
        <translation>同一模型的 F16、BF16 或 F32 GGUF 文件</translation>
    </message>
    <message>
        <source>Checkpoint &amp;Folder…</source>
        <translation>检查点文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>The model&apos;s Hugging Face folder (config.json, model.safetensors), as File → Open Model opens it</source>
        <translation>该模型的 Hugging Face 文件夹（config.json、model.safetensors），与“文件 → 打开模型”所打开的相同</translation>
    </message>
    <message>
        <source>Compare with a Checkpoint Folder</source>
        <translation>与检查点文件夹比较</translation>
    </message>
    <message>
        <source>Compare with a GGUF File</source>
        <translation>与 GGUF 文件比较</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::RecoveryDialog</name>
    <message>
        <source>Recover Unsaved Scenes</source>
        <translation>恢复未保存的场景</translation>
    </message>
    <message>
        <source>Attention Lab ended without saving these scenes. Restore the selected one, or discard them all. Scenes you do not restore now are offered again next time.</source>
        <translation>注意力实验室上次退出时未保存这些场景。恢复选中的场景，或全部丢弃。现在未恢复的场景会在下次启动时再次提示。</translation>
    </message>
    <message>
        <source>Untitled scene</source>
        <translation>未命名场景</translation>
    </message>
    <message>
        <source>never saved</source>
        <translation>从未保存</translation>
    </message>
    <message>
        <source>%1
%2
last change %3</source>
        <translation>%1
%2
最后更改于 %3</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>恢复(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Discard All</source>
        <translation>全部丢弃(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Later</source>
        <translation>稍后(&amp;L)</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::RooflineView</name>
    <message>
        <source>Open a model to see what a decoded token reads.</source>
        <translation>打开一个模型，查看解码一个词元要读什么。</translation>
    </message>
    <message>
        <source>This model reads the whole text at once (it is not causal): it does not decode token by token.</source>
        <translation>这个模型一次读入整段文本（它不是因果的）：它不逐个词元解码。</translation>
    </message>
    <message>
        <source>A decoded token reads %1 MB: %2 MB of weights and %3 MB of KV cache (%4 tokens).</source>
        <translation>解码一个词元读 %1 MB：权重 %2 MB，KV 缓存 %3 MB（%4 个词元）。</translation>
    </message>
    <message>
        <source>Measuring this machine&apos;s read bandwidth…</source>
        <translation>正在测量本机的读带宽…</translation>
    </message>
    <message>
        <source>The last generation took %1 ms/token, %2× that floor.</source>
        <translation>上一次生成每个词元用了 %1 ms，是这个下限的 %2 倍。</translation>
    </message>
    <message>
        <source>Intensity: decode %1 FLOP/byte, prefill of the %2 prompt tokens %3 FLOP/byte.</source>
        <translation>算术强度：解码 %1 FLOP/字节，%2 个提示词元的预填充 %3 FLOP/字节。</translation>
    </message>
    <message>
        <source>Prefill, decode and the roofline</source>
        <translation>预填充、解码与屋顶线</translation>
    </message>
    <message>
        <source>Arithmetic intensity (FLOP/byte)</source>
        <translation>算术强度（FLOP/字节）</translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <source>decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <source>The roofline: a pass doing I FLOP per byte it reads runs at most at min(peak, I × bandwidth). Decode sits on the slope (memory-bound), a long prefill under the flat ceiling (compute-bound). Both speeds are measured on this machine.</source>
        <translation>屋顶线：每读一字节做 I 次浮点运算的前向计算，速度最多为 min(峰值, I × 带宽)。解码在斜线上（受内存限制），长的预填充在水平的天花板下（受计算限制）。两个速度都在本机实测。</translation>
    </message>
    <message>
        <source>Why decode is memory-bound and prefill compute-bound</source>
        <translation>为什么解码受内存限制而预填充受计算限制</translation>
    </message>
    <message>
        <source>Read bandwidth %1 GB/s, compute ceiling %2 GFLOP/s (measured here): at least %3 ms/token.</source>
        <translation>读带宽 %1 GB/s，计算上限 %2 GFLOP/s（本机实测）：每个词元至少 %3 ms。</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>A decoded token reads every weight it uses once (for a mixture of experts, only the experts it is routed to) and the whole KV cache, so it cannot be faster than those bytes divided by the read bandwidth.</source>
        <translation>解码一个词元要把它用到的每个权重读一遍（混合专家模型只读它被路由到的专家），再读整个 KV 缓存，所以它不可能比这些字节数除以读带宽更快。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::RouterPanel</name>
    <message>
        <source>Router: which experts each token goes to</source>
        <translation>路由：每个词元去往哪些专家</translation>
    </message>
    <message>
        <source>expert %1 (probability %2, weight %3)</source>
        <translation>专家 %1（概率 %2，权重 %3）</translation>
    </message>
    <message>
        <source>Token %1 “%2” goes to %3.</source>
        <translation>词元 %1“%2”去往%3。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>Router logits (tokens × experts)</source>
        <translation>路由 logits（词元 × 专家）</translation>
    </message>
    <message>
        <source>Softmax</source>
        <translation>Softmax</translation>
    </message>
    <message>
        <source>Top-k weights</source>
        <translation>Top-k 权重</translation>
    </message>
    <message>
        <source>The router scores every token against each of the %1 experts (logits = m·W_routerᵀ), turns the scores into probabilities with a softmax, and sends the token to the %2 most probable experts only. Their probabilities become the weights of their outputs (renormalised to sum to 1 when the model&apos;s norm_topk_prob says so), and the MLP&apos;s output is the weighted sum. Left to right: logits, softmax, the weights of the chosen experts (0 where a token did not go), and for the selected token each chosen expert&apos;s output before its weight and their weighted sum. Click a token&apos;s row to select it.</source>
        <translation>路由给每个词元对 %1 个专家逐一打分（logits = m·W_routerᵀ），用 softmax 把分数变成概率，只把词元送往概率最大的 %2 个专家。这些概率就是各专家输出的权重（模型的 norm_topk_prob 要求时，重新归一化使其和为 1），MLP 的输出是加权和。从左到右：logits、softmax、被选中专家的权重（词元未去的专家为 0），以及所选词元每个被选中专家乘权重之前的输出与它们的加权和。点击某个词元的行即可选中它。</translation>
    </message>
    <message>
        <source>Experts&apos; outputs, weighted sum</source>
        <translation>被选中专家的输出及其加权和</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::SamplingChart</name>
    <message>
        <source>No prediction yet: open a GPT-2-style model and type a sentence.</source>
        <translation>还没有预测：请打开一个 GPT-2 类模型并输入句子。</translation>
    </message>
    <message>
        <source>Temperature 0 is greedy: always the most likely token, %1.</source>
        <translation>温度 0 即贪心：总是取最可能的词元，%1。</translation>
    </message>
    <message>
        <source>The cut keeps %1 of %2 tokens, %3 of the probability; the draw renormalises them.</source>
        <translation>截断保留了 %2 个词元中的 %1 个，占概率的 %3；抽样时对它们重新归一化。</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>cut by top-k / top-p</source>
        <translation>被 top-k / top-p 截掉</translation>
    </message>
    <message>
        <source>probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>not chosen (temperature 0)</source>
        <translation>未被选中（温度为 0）</translation>
    </message>
    <message>
        <source>The most likely next tokens, each bar its probability after the temperature. Teal bars can be drawn; grey bars are cut by top-k or top-p, or at temperature 0 not chosen. A higher temperature flattens the bars, a lower one sharpens them.</source>
        <translation>最可能的下一个词元，每根柱子是经过温度调整后的概率。青色柱子可能被抽中；灰色柱子被 top-k 或 top-p 截掉，或在温度为 0 时未被选中。温度越高，柱子越平；温度越低，柱子越尖。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::SceneWarnings</name>
    <message>
        <source>Problems the pipeline found in the current scene</source>
        <translation>计算流程在当前场景中发现的问题</translation>
    </message>
    <message>
        <source>row %1 (token “%2”) sees no key: its weights and its context vector are all zero</source>
        <translation>第 %1 行（词元“%2”）看不到任何键：它的权重和上下文向量全为 0</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::SessionFileActions</name>
    <message>
        <source>Save what you did to the open model — heads switched off, weights edited, the text and the cache policy — to a file that opens the model again with the same changes</source>
        <translation>把对当前模型所做的改动（关闭的头、修改的权重、文本和缓存策略）保存到文件中，之后可以带着同样的改动重新打开这个模型</translation>
    </message>
    <message>
        <source>Open a saved model session: its model opens and its changes are made again</source>
        <translation>打开已保存的模型会话：载入它的模型，并重新应用其中的改动</translation>
    </message>
    <message>
        <source>Model Session</source>
        <translation>模型会话</translation>
    </message>
    <message>
        <source>No model is open, so there is no session to save.</source>
        <translation>没有打开任何模型，因此没有可保存的会话。</translation>
    </message>
    <message>
        <source>%1 could not be written: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Saved the model session to %1</source>
        <translation>模型会话已保存到 %1</translation>
    </message>
    <message>
        <source>%1 could not be read.</source>
        <translation>无法读取 %1。</translation>
    </message>
    <message>
        <source>%1 is not a model session this Attention Lab can open:
%2</source>
        <translation>%1 不是本注意力实验室能打开的模型会话：
%2</translation>
    </message>
    <message>
        <source>%1: model: %2 does not exist on this computer.</source>
        <translation>%1：model：这台电脑上没有 %2。</translation>
    </message>
    <message>
        <source>%1: cells[%2]: these cells do not lie in this model&apos;s weights.</source>
        <translation>%1：cells[%2]：这些单元格不在该模型的权重范围内。</translation>
    </message>
    <message>
        <source>%1: head_mask: %2 × %3, but the model has %4 layers × %5 heads.</source>
        <translation>%1：head_mask 为 %2 × %3，但该模型有 %4 层 × %5 个头。</translation>
    </message>
    <message>
        <source>The model opened without the session&apos;s changes.
%1</source>
        <translation>模型已打开，但没有应用会话中的改动。
%1</translation>
    </message>
    <message>
        <source>Changes from %1</source>
        <translation>来自 %1 的改动</translation>
    </message>
    <message>
        <source>Heads switched off in %1</source>
        <translation>%1 中关闭的头</translation>
    </message>
    <message>
        <source>Weights edited in %1</source>
        <translation>%1 中修改的权重</translation>
    </message>
    <message>
        <source>Opened the model session %1</source>
        <translation>已打开模型会话 %1</translation>
    </message>
    <message>
        <source>Unsaved Model Changes</source>
        <translation>模型改动未保存</translation>
    </message>
    <message>
        <source>Save Session…</source>
        <translation>保存会话…</translation>
    </message>
    <message>
        <source>Save Model Session</source>
        <translation>保存模型会话</translation>
    </message>
    <message>
        <source>Model sessions (*.attnmodel.json)</source>
        <translation>模型会话 (*.attnmodel.json)</translation>
    </message>
    <message>
        <source>Open Model Session</source>
        <translation>打开模型会话</translation>
    </message>
    <message>
        <source>Model sessions (*.attnmodel.json);;JSON files (*.json)</source>
        <translation>模型会话 (*.attnmodel.json);;JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>The open model has changes that are not saved (the latest: “%1”).
They are lost unless you save them as a model session.</source>
        <translation>当前模型有未保存的改动（最近一次：“%1”）。
除非把它们保存为模型会话，否则这些改动会丢失。</translation>
    </message>
    <message>
        <source>Save Mo&amp;del Session…</source>
        <translation>保存模型会话(&amp;D)…</translation>
    </message>
    <message>
        <source>Open Mode&amp;l Session…</source>
        <translation>打开模型会话(&amp;L)…</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::SettingsDock</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Dimensions, positions, mask, scale and weight presets.</source>
        <translation>维度、位置编码、掩码、缩放和权重预设。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::SettingsPanel</name>
    <message>
        <source>&amp;Mode:</source>
        <translation>模式(&amp;M)：</translation>
    </message>
    <message>
        <source>d_&amp;model:</source>
        <translation>d_model(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Heads:</source>
        <translation>头数(&amp;H)：</translation>
    </message>
    <message>
        <source>d_&amp;k:</source>
        <translation>d_k(&amp;K)：</translation>
    </message>
    <message>
        <source>&amp;Positions:</source>
        <translation>位置编码(&amp;P)：</translation>
    </message>
    <message>
        <source>M&amp;ask:</source>
        <translation>掩码(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Scale:</source>
        <translation>缩放(&amp;S)：</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>种子(&amp;E)：</translation>
    </message>
    <message>
        <source>Model (embeddings and weights)</source>
        <translation>模型（嵌入和权重）</translation>
    </message>
    <message>
        <source>Direct (type Q, K, V)</source>
        <translation>直接（输入 Q、K、V）</translation>
    </message>
    <message>
        <source>Model mode computes Q, K and V from embeddings and weights. Direct mode lets you type Q, K and V themselves; switching to it keeps the Q, K, V of the current head.</source>
        <translation>模型模式由嵌入和权重算出 Q、K、V。直接模式让你自己输入 Q、K、V；切换到直接模式时，会保留当前头的 Q、K、V。</translation>
    </message>
    <message>
        <source>The number of attention heads. More than one adds the output weights W_O.</source>
        <translation>注意力头的个数。多于一个时会增加输出权重 W_O。</translation>
    </message>
    <message>
        <source>d_k: the width of each head&apos;s queries and keys (and values).</source>
        <translation>d_k：每个头的查询和键（以及值）的宽度。</translation>
    </message>
    <message>
        <source>Keep d_k = d_model / heads</source>
        <translation>保持 d_k = d_model / 头数</translation>
    </message>
    <message>
        <source>When d_model or the number of heads changes, set d_k to d_model divided by the number of heads, as most models do.</source>
        <translation>d_model 或头数改变时，把 d_k 设为 d_model 除以头数，大多数模型都这样做。</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Sinusoidal (added to X)</source>
        <translation>正弦（加到 X 上）</translation>
    </message>
    <message>
        <source>Rotary (RoPE, rotates Q and K)</source>
        <translation>旋转（RoPE，旋转 Q 和 K）</translation>
    </message>
    <message>
        <source>Causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Which keys each query may see. Edit a custom mask in the Mask panel.</source>
        <translation>每个查询能看到哪些键。自定义掩码请在“掩码”面板中编辑。</translation>
    </message>
    <message>
        <source>÷ √d_k</source>
        <translation>÷ √d_k</translation>
    </message>
    <message>
        <source>÷ custom divisor</source>
        <translation>÷ 自定义除数</translation>
    </message>
    <message>
        <source>What the scores are divided by before the softmax.</source>
        <translation>在 softmax 之前，分数要除以什么。</translation>
    </message>
    <message>
        <source>The custom divisor of the scores (0.001 to 1000000).</source>
        <translation>分数的自定义除数（0.001 到 1000000）。</translation>
    </message>
    <message>
        <source>The seed for random weights: the same seed always gives the same weights.</source>
        <translation>随机权重的种子：同一个种子总是得到同样的权重。</translation>
    </message>
    <message>
        <source>Replace the weights with random values drawn from the seed.</source>
        <translation>用由种子生成的随机值替换权重。</translation>
    </message>
    <message>
        <source>Identity weights</source>
        <translation>单位矩阵权重</translation>
    </message>
    <message>
        <source>Why the last change was not applied.</source>
        <translation>上一次修改为什么没有应用。</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <source>Set d_k to %1</source>
        <translation>把 d_k 设为 %1</translation>
    </message>
    <message>
        <source>Not applied: d_model = %1 does not divide into %2 heads; untick “Keep d_k = d_model / heads” to choose d_k freely.</source>
        <translation>未应用：d_model = %1 不能平分给 %2 个头；取消勾选“保持 d_k = d_model / 头数”即可自由选择 d_k。</translation>
    </message>
    <message>
        <source>Not applied: heads × d_k = %1 is more than the limit of %2.</source>
        <translation>未应用：头数 × d_k = %1，超过了上限 %2。</translation>
    </message>
    <message>
        <source>Set d_model %1, heads %2, d_k %3</source>
        <translation>设置 d_model %1、头数 %2、d_k %3</translation>
    </message>
    <message>
        <source>This scene&apos;s X is given (a head taken from a model), and the model has already added its own positions to it, so no second positional encoding is added.</source>
        <translation>这个场景的 X 是直接给出的（取自模型的一个头），模型已经把它自己的位置信息加进去了，所以不再加第二种位置编码。</translation>
    </message>
    <message>
        <source>Positional encoding: %1</source>
        <translation>位置编码：%1</translation>
    </message>
    <message>
        <source>Mask: %1</source>
        <translation>掩码：%1</translation>
    </message>
    <message>
        <source>Scale: ÷ %1</source>
        <translation>缩放：÷ %1</translation>
    </message>
    <message>
        <source>Scale: %1</source>
        <translation>缩放：%1</translation>
    </message>
    <message>
        <source>Random weights (seed %1)</source>
        <translation>随机权重（种子 %1）</translation>
    </message>
    <message>
        <source>Switch to direct mode</source>
        <translation>切换到直接模式</translation>
    </message>
    <message>
        <source>Switch to model mode</source>
        <translation>切换到模型模式</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Randomize Q, K, V</source>
        <translation>随机生成 Q、K、V</translation>
    </message>
    <message>
        <source>Randomize weights</source>
        <translation>随机生成权重</translation>
    </message>
    <message>
        <source>d_model: the number of components of each embedding vector (its dimension), which is the number of columns of X.</source>
        <translation>d_model：每个嵌入向量的分量个数（维数），也就是 X 的列数。</translation>
    </message>
    <message>
        <source>Set every weight matrix to the identity (1 where row = column, 0 elsewhere). Q, K and V then start as copies of X when d_model = heads × d_k and the scene has no biases; otherwise a head takes its own columns of X (0 past d_model), plus the bias.</source>
        <translation>把每个权重矩阵设为单位矩阵（行号 = 列号处为 1，其余为 0）。当 d_model = 头数 × d_k 且场景没有偏置时，Q、K、V 一开始就是 X 的副本；否则每个头取 X 中属于自己的那几列（超出 d_model 的列为 0），再加上偏置。</translation>
    </message>
    <message>
        <source>Remove unused rows</source>
        <translation>删除未用的行</translation>
    </message>
    <message>
        <source>Remove %1 unused embedding rows</source>
        <translation>删除 %1 个未用的嵌入行</translation>
    </message>
    <message>
        <source>and %1 more</source>
        <translation>另有 %1 个</translation>
    </message>
    <message>
        <source>The embedding table keeps the rows of tokens that left the sentence, so typing them again brings back their values. Every row is in use now.</source>
        <translation>嵌入表会保留已离开句子的词元的行，再次输入这些词元时，原来的数值会回来。现在每一行都在使用。</translation>
    </message>
    <message>
        <source>Delete the %1 embedding rows that no token of the sentence uses: %2. Undo brings them back.</source>
        <translation>删除句子中没有词元使用的 %1 个嵌入行：%2。撤销可以把它们恢复。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>This scene&apos;s X is given (a head taken from a model with rotary positions): X holds no positions, and Q and K are rotated with the model&apos;s own pairing and frequencies, as the model rotates them.</source>
        <translation>这个场景的 X 是给定的（取自一个使用旋转位置编码的模型的头）：X 不含位置信息，Q 和 K 按模型自己的配对方式和频率旋转，与模型的做法相同。</translation>
    </message>
    <message>
        <source>How token positions enter the computation. Without it and without a mask, attention ignores word order (swap two tokens and their rows of the result just swap); a causal mask still lets order in, since each token sees only itself and the tokens before it.</source>
        <translation>词元的位置如何进入计算。既没有位置编码又没有掩码时，注意力不考虑词序（交换两个词元，结果中它们的行也只是互换）；因果掩码仍会让顺序起作用，因为每个词元只能看到自己和它前面的词元。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::SpeculativeDialog</name>
    <message>
        <source>Choose the draft model&apos;s folder</source>
        <translation>选择草稿模型的文件夹</translation>
    </message>
    <message>
        <source>The text already fills the model&apos;s positions.</source>
        <translation>文本已经占满模型的全部位置。</translation>
    </message>
    <message>
        <source>Choose a draft model: a smaller model with the same vocabulary.</source>
        <translation>请选择一个草稿模型：词表相同、规模更小的模型。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>Draft proposed</source>
        <translation>草稿模型提出</translation>
    </message>
    <message>
        <source>Target added</source>
        <translation>目标模型添加</translation>
    </message>
    <message>
        <source>(bonus: all accepted)</source>
        <translation>（额外词元：全部被接受）</translation>
    </message>
    <message>
        <source>(in place of the rejected one)</source>
        <translation>（替换被拒绝的那个）</translation>
    </message>
    <message>
        <source>The draft proposed %1 tokens and the target accepted %2 (%3). The target ran %4 passes for %5 tokens, against %6 without the draft (pass 1 is the prompt).</source>
        <translation>草稿模型提出了 %1 个词元，目标模型接受了 %2 个（%3）。目标模型为 %5 个词元跑了 %4 次前向，不用草稿模型时是 %6 次（第 1 次是提示词）。</translation>
    </message>
    <message>
        <source>Measured here: %1 ms with the draft, %2 ms without; %3 ms saved.</source>
        <translation>本机实测：用草稿模型 %1 ms，不用 %2 ms；省下 %3 ms。</translation>
    </message>
    <message>
        <source>Both runs wrote the same tokens: the text is the target&apos;s own.</source>
        <translation>两次运行写出的词元相同：文本就是目标模型自己的。</translation>
    </message>
    <message>
        <source>The runs differ where two tokens were almost equally likely (float rounding of one pass against many).</source>
        <translation>两次运行在两个词元几乎同样可能的地方有所不同（一次前向与多次前向的浮点舍入不同）。</translation>
    </message>
    <message>
        <source>Speculative decoding</source>
        <translation>投机解码</translation>
    </message>
    <message>
        <source>&amp;Draft model:</source>
        <translation>草稿模型(&amp;D)：</translation>
    </message>
    <message>
        <source>a model folder or hub id with the same vocabulary</source>
        <translation>词表相同的模型文件夹或 Hub 编号</translation>
    </message>
    <message>
        <source>The draft must share the open model&apos;s vocabulary (e.g. Qwen2.5-0.5B for Qwen2.5-7B).</source>
        <translation>草稿模型必须与打开的模型使用同一个词表（例如用 Qwen2.5-0.5B 配 Qwen2.5-7B）。</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Choose the draft model&apos;s folder.</source>
        <translation>选择草稿模型的文件夹。</translation>
    </message>
    <message>
        <source>&amp;Guesses per pass:</source>
        <translation>每次猜测数(&amp;G)：</translation>
    </message>
    <message>
        <source>How many tokens the draft proposes before the target checks them (K).</source>
        <translation>目标模型检查之前，草稿模型提出多少个词元（K）。</translation>
    </message>
    <message>
        <source>&amp;New tokens:</source>
        <translation>新词元数(&amp;N)：</translation>
    </message>
    <message>
        <source>How many tokens each run generates after the current text.</source>
        <translation>每次运行在当前文本之后生成多少个词元。</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Generate with and without the draft and compare (Ctrl+Enter).</source>
        <translation>分别用和不用草稿模型生成，并加以比较（Ctrl+Enter）。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop both runs.</source>
        <translation>停止两次运行。</translation>
    </message>
    <message>
        <source>Green: accepted guesses. Red, struck through: the first rejected guess; grey: guesses after it, never checked. Blue: the target&apos;s own token.</source>
        <translation>绿色：被接受的猜测。红色加删除线：第一个被拒绝的猜测；灰色：它之后从未被检查的猜测。蓝色：目标模型自己的词元。</translation>
    </message>
    <message>
        <source>Measured here: %1 ms with the draft, %2 ms without; %3 ms more: this draft costs more than the passes it saves (a draft close to the target&apos;s size saves no reading).</source>
        <translation>本机实测：用草稿模型 %1 ms，不用 %2 ms；多花了 %3 ms：这个草稿模型的开销超过了它省下的前向（和目标模型差不多大的草稿模型省不下读取）。</translation>
    </message>
    <message>
        <source>A small draft model guesses the next tokens; the open model checks all the guesses in one pass and keeps those it would have chosen itself, plus one token of its own. Greedy runs on the checkpoint&apos;s own weights (edits, switched-off heads and the cache policy are not applied).</source>
        <translation>小的草稿模型猜接下来的词元；打开的模型一次前向检查所有猜测，保留它自己也会选的那些，再加上一个它自己的词元。贪心解码，使用检查点自己的权重（不应用修改、已关闭的头和缓存策略）。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::SqrtDkExperiment</name>
    <message>
        <source>scores Q·Kᵀ (variance %1)</source>
        <translation>分数 Q·Kᵀ（方差 %1）</translation>
    </message>
    <message>
        <source>scaled ÷ %1 (variance %2)</source>
        <translation>缩放：÷ %1（方差 %2）</translation>
    </message>
    <message>
        <source>score of a query–key pair in “%1” (all heads, d_k = %2)</source>
        <translation>“%1”中一对查询–键的分数（所有头，d_k = %2）</translation>
    </message>
    <message>
        <source>&amp;Samples:</source>
        <translation>样本数(&amp;S)：</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>种子(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Keys:</source>
        <translation>键数(&amp;K)：</translation>
    </message>
    <message>
        <source>&amp;Run again</source>
        <translation>重新运行(&amp;R)</translation>
    </message>
    <message>
        <source>How many random (q, k) pairs are drawn for each d_k; more samples, smoother lines</source>
        <translation>每个 d_k 抽取多少对随机的 (q, k)；样本越多，曲线越平滑</translation>
    </message>
    <message>
        <source>Seed of the random generator: the same seed always gives the same figure</source>
        <translation>随机数生成器的种子：同一个种子总是得到同样的图</translation>
    </message>
    <message>
        <source>How many random keys each query is compared with in the softmax panel</source>
        <translation>在 softmax 图中，每个查询与多少个随机键比较</translation>
    </message>
    <message>
        <source>Draw the samples again and redraw the figure</source>
        <translation>重新抽取样本并重画图</translation>
    </message>
    <message>
        <source>Left: variance of the score against d_k (both axes logarithmic). Right: the mean largest softmax weight; 1 means one key takes everything. Right-click to export.</source>
        <translation>左图：分数的方差随 d_k 的变化（两条坐标轴都是对数刻度）。右图：softmax 最大权重的平均值；1 表示一个键拿走了全部权重。右键点击可导出。</translation>
    </message>
    <message>
        <source>Histogram of the current scene&apos;s scores before and after scaling. Right-click to export.</source>
        <translation>当前场景的分数在缩放前后的直方图。右键点击可导出。</translation>
    </message>
    <message>
        <source>number of pairs</source>
        <translation>配对数量</translation>
    </message>
    <message>
        <source>q and k each have d_k independent components of mean 0 and variance 1, so q·k adds up d_k products of mean 0 and variance 1 and its variance is d_k. Dividing by √d_k brings the variance back to 1 whatever d_k is. Without the division, large d_k makes the logits huge and softmax hands almost all of the weight to a single key (right panel), which also leaves almost no gradient to learn from.</source>
        <translation>q 和 k 各有 d_k 个相互独立、均值为 0、方差为 1 的分量，所以 q·k 是 d_k 个均值为 0、方差为 1 的乘积之和，方差为 d_k。除以 √d_k 之后，无论 d_k 多大，方差都回到 1。如果不除，d_k 很大时分数也会非常大，softmax 几乎把全部权重都给了一个键（右图），这样也几乎没有梯度可供学习。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::SqrtDkFigure</name>
    <message>
        <source>variance of the score</source>
        <translation>分数的方差</translation>
    </message>
    <message>
        <source>d_k (log scale)</source>
        <translation>d_k（对数刻度）</translation>
    </message>
    <message>
        <source>Variance of q·k</source>
        <translation>q·k 的方差</translation>
    </message>
    <message>
        <source>mean largest softmax weight</source>
        <translation>softmax 最大权重的平均值</translation>
    </message>
    <message>
        <source>How peaked is softmax?</source>
        <translation>softmax 有多尖锐？</translation>
    </message>
    <message>
        <source>q·k (unscaled)</source>
        <translation>q·k（未缩放）</translation>
    </message>
    <message>
        <source>q·k / √d_k (scaled)</source>
        <translation>q·k / √d_k（缩放后）</translation>
    </message>
    <message>
        <source>theory: d_k</source>
        <translation>理论值：d_k</translation>
    </message>
    <message>
        <source>theory: 1</source>
        <translation>理论值：1</translation>
    </message>
    <message>
        <source>softmax(q·k)</source>
        <translation>softmax(q·k)</translation>
    </message>
    <message>
        <source>softmax(q·k / √d_k)</source>
        <translation>softmax(q·k / √d_k)</translation>
    </message>
    <message>
        <source>uniform: 1/%1</source>
        <translation>均匀：1/%1</translation>
    </message>
    <message>
        <source>Why divide by √d_k? q, k with N(0, 1) components; %1 pairs per d_k, %2 queries × %3 keys for softmax, seed %4</source>
        <translation>为什么要除以 √d_k？q、k 的分量服从 N(0, 1)；每个 d_k 取 %1 对，softmax 用 %2 个查询 × %3 个键，种子 %4</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::StageCard</name>
    <message>
        <source>X — input vectors</source>
        <translation>X — 输入向量</translation>
    </message>
    <message>
        <source>Q — queries</source>
        <translation>Q — 查询</translation>
    </message>
    <message>
        <source>K — keys</source>
        <translation>K — 键</translation>
    </message>
    <message>
        <source>V — values</source>
        <translation>V — 值</translation>
    </message>
    <message>
        <source>Q rotated (RoPE)</source>
        <translation>旋转后的 Q（RoPE）</translation>
    </message>
    <message>
        <source>K rotated (RoPE)</source>
        <translation>旋转后的 K（RoPE）</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Scaled scores</source>
        <translation>缩放后的分数</translation>
    </message>
    <message>
        <source>Masked scores</source>
        <translation>掩码后的分数</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>Context vectors</source>
        <translation>上下文向量</translation>
    </message>
    <message>
        <source>Concatenated heads</source>
        <translation>拼接后的各头</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>X (given: what this layer&apos;s attention reads)</source>
        <translation>X（直接给出：这一层的注意力读入的内容）</translation>
    </message>
    <message>
        <source>X = embedding of each token + position</source>
        <translation>X = 每个词元的嵌入 + 位置</translation>
    </message>
    <message>
        <source>X = embedding of each token</source>
        <translation>X = 每个词元的嵌入</translation>
    </message>
    <message>
        <source>Q (given directly)</source>
        <translation>Q（直接给出）</translation>
    </message>
    <message>
        <source>Q = X·W_Q</source>
        <translation>Q = X·W_Q</translation>
    </message>
    <message>
        <source>K (given directly)</source>
        <translation>K（直接给出）</translation>
    </message>
    <message>
        <source>K = X·W_K</source>
        <translation>K = X·W_K</translation>
    </message>
    <message>
        <source>V (given directly)</source>
        <translation>V（直接给出）</translation>
    </message>
    <message>
        <source>V = X·W_V</source>
        <translation>V = X·W_V</translation>
    </message>
    <message>
        <source>Q_rot = RoPE(Q), rotated by position</source>
        <translation>Q_rot = RoPE(Q)，按位置旋转</translation>
    </message>
    <message>
        <source>K_rot = RoPE(K), rotated by position</source>
        <translation>K_rot = RoPE(K)，按位置旋转</translation>
    </message>
    <message>
        <source>scores = Q_rot·K_rotᵀ</source>
        <translation>分数 = Q_rot·K_rotᵀ</translation>
    </message>
    <message>
        <source>scores = Q·Kᵀ</source>
        <translation>分数 = Q·Kᵀ</translation>
    </message>
    <message>
        <source>scaled = scores ÷ √%1</source>
        <translation>缩放后的分数 = 分数 ÷ √%1</translation>
    </message>
    <message>
        <source>weights = softmax(masked)</source>
        <translation>注意力权重 = softmax(掩码后的分数)</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>Not reached yet: press Next (→ or Page Down) to reveal the stages in order, or Show All</source>
        <translation>还没有进行到这一步：按“下一步”（→ 或 Page Down）按顺序显示各步骤，或选择“全部显示”</translation>
    </message>
    <message>
        <source>%1: %2. Click to make it the current card; double-click (or E) to enlarge it.</source>
        <translation>%1：%2。单击设为当前卡片；双击（或按 E）放大。</translation>
    </message>
    <message>
        <source>scaled = scores (no scaling)</source>
        <translation>缩放后的分数 = 分数（不缩放）</translation>
    </message>
    <message>
        <source>scaled = scores ÷ %1</source>
        <translation>缩放后的分数 = 分数 ÷ %1</translation>
    </message>
    <message>
        <source>masked = scaled (no mask)</source>
        <translation>掩码后的分数 = 缩放后的分数（无掩码）</translation>
    </message>
    <message>
        <source>masked = scaled, −∞ where hidden</source>
        <translation>掩码后的分数 = 缩放后的分数，遮住处 −∞</translation>
    </message>
    <message>
        <source>context = weights·V</source>
        <translation>上下文 = 权重·V</translation>
    </message>
    <message>
        <source>concat = [context of each head]</source>
        <translation>拼接 = [每个头的上下文]</translation>
    </message>
    <message>
        <source>output = concat·W_O</source>
        <translation>输出 = 拼接·W_O</translation>
    </message>
    <message>
        <source>output = concat</source>
        <translation>输出 = 拼接</translation>
    </message>
    <message>
        <source>%1 (head %2 of %3)</source>
        <translation>%1（头 %2/%3）</translation>
    </message>
    <message>
        <source>Shape: rows × columns</source>
        <translation>形状：行数 × 列数</translation>
    </message>
    <message>
        <source>Q = X·W_Q + b_Q</source>
        <translation>Q = X·W_Q + b_Q</translation>
    </message>
    <message>
        <source>K = X·W_K + b_K</source>
        <translation>K = X·W_K + b_K</translation>
    </message>
    <message>
        <source>V = X·W_V + b_V</source>
        <translation>V = X·W_V + b_V</translation>
    </message>
    <message>
        <source>output = concat·W_O + b_O</source>
        <translation>输出 = 拼接·W_O + b_O</translation>
    </message>
    <message>
        <source>scaled = scores ÷ √d_k, with %1</source>
        <translation>缩放后的分数 = 分数 ÷ √d_k，其中 %1</translation>
    </message>
    <message>
        <source>Q_rot = RoPE(Q), pairs (i, i + %1)</source>
        <translation>Q_rot = RoPE(Q)，配对 (i, i + %1)</translation>
    </message>
    <message>
        <source>K_rot = RoPE(K), pairs (i, i + %1)</source>
        <translation>K_rot = RoPE(K)，配对 (i, i + %1)</translation>
    </message>
    <message>
        <source>masked: −∞ outside the window i − %1 &lt; j ≤ i</source>
        <translation>masked：窗口 i − %1 &lt; j ≤ i 之外为 −∞</translation>
    </message>
    <message>
        <source>Q_norm = Q ÷ rms(row) · w_q</source>
        <translation>Q_norm = Q ÷ rms(行) · w_q</translation>
    </message>
    <message>
        <source>K_norm = K ÷ rms(row) · w_k</source>
        <translation>K_norm = K ÷ rms(行) · w_k</translation>
    </message>
    <message>
        <source>capped = tanh(scaled ÷ %1)·%1</source>
        <translation>capped = tanh(scaled ÷ %1)·%1</translation>
    </message>
    <message>
        <source>sink = e^s ÷ (Σ e^masked + e^s)</source>
        <translation>sink = e^s ÷ (Σ e^masked + e^s)</translation>
    </message>
    <message>
        <source>Q after QK-norm</source>
        <translation>QK-norm 之后的 Q</translation>
    </message>
    <message>
        <source>K after QK-norm</source>
        <translation>QK-norm 之后的 K</translation>
    </message>
    <message>
        <source>Soft-capped scores</source>
        <translation>软上限后的分数</translation>
    </message>
    <message>
        <source>Sink share</source>
        <translation>汇点份额</translation>
    </message>
    <message>
        <source>X (given: the decoder&apos;s rows, from which Q comes)</source>
        <translation>X（直接给出：解码器的行，Q 由它得出）</translation>
    </message>
    <message>
        <source>memory (given: the encoder&apos;s output, the X of K and V)</source>
        <translation>记忆（直接给出：编码器的输出，即 K 和 V 的 X）</translation>
    </message>
    <message>
        <source>K = memory·W_K + b_K (memory: the encoder&apos;s output)</source>
        <translation>K = 记忆·W_K + b_K（记忆：编码器的输出）</translation>
    </message>
    <message>
        <source>K = memory·W_K (memory: the encoder&apos;s output)</source>
        <translation>K = 记忆·W_K（记忆：编码器的输出）</translation>
    </message>
    <message>
        <source>V = memory·W_V + b_V (memory: the encoder&apos;s output)</source>
        <translation>V = 记忆·W_V + b_V（记忆：编码器的输出）</translation>
    </message>
    <message>
        <source>V = memory·W_V (memory: the encoder&apos;s output)</source>
        <translation>V = 记忆·W_V（记忆：编码器的输出）</translation>
    </message>
    <message>
        <source>Memory — the encoder&apos;s output</source>
        <translation>记忆 — 编码器的输出</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::StepController</name>
    <message>
        <source>&amp;Previous Stage</source>
        <translation>上一步(&amp;P)</translation>
    </message>
    <message>
        <source>Go back one stage (Left arrow or Page Up)</source>
        <translation>后退一步（左方向键或 Page Up）</translation>
    </message>
    <message>
        <source>&amp;Next Stage</source>
        <translation>下一步(&amp;N)</translation>
    </message>
    <message>
        <source>Reveal the next stage (Right arrow or Page Down)</source>
        <translation>显示下一步（右方向键或 Page Down）</translation>
    </message>
    <message>
        <source>&amp;First Stage</source>
        <translation>第一步(&amp;F)</translation>
    </message>
    <message>
        <source>Go back to the first stage (Ctrl+Shift+Page Up, or Home on the board)</source>
        <translation>回到第一步（Ctrl+Shift+Page Up，或在流程板上按 Home）</translation>
    </message>
    <message>
        <source>Reveal one stage after another automatically (Ctrl+Shift+P)</source>
        <translation>自动逐步显示各步骤（Ctrl+Shift+P）</translation>
    </message>
    <message>
        <source>Reveal every stage of the pipeline at once (Ctrl+Shift+A, or End on the board)</source>
        <translation>一次显示计算流程的所有步骤（Ctrl+Shift+A，或在流程板上按 End）</translation>
    </message>
    <message>
        <source>P&amp;lay</source>
        <translation>播放(&amp;L)</translation>
    </message>
    <message>
        <source>Show &amp;All</source>
        <translation>全部显示(&amp;A)</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::TemperatureExperiment</name>
    <message>
        <source>Weights of head %1 with the scores divided by %2</source>
        <translation>分数除以 %2 时头 %1 的权重</translation>
    </message>
    <message>
        <source>Weights with the scores divided by %1</source>
        <translation>分数除以 %1 时的权重</translation>
    </message>
    <message>
        <source>&amp;Divisor:</source>
        <translation>除数(&amp;D)：</translation>
    </message>
    <message>
        <source>Divide the scores by 0.1× to 10× of √d_k; the weights and entropies follow live. Arrow keys step, Page Up/Down jump.</source>
        <translation>把分数除以 √d_k 的 0.1 倍到 10 倍；权重和熵随之实时变化。方向键小步调整，Page Up/Down 大步跳。</translation>
    </message>
    <message>
        <source>The divisor in use, and as a multiple of √d_k</source>
        <translation>当前使用的除数，以及它是 √d_k 的多少倍</translation>
    </message>
    <message>
        <source>0.1×</source>
        <translation>0.1×</translation>
    </message>
    <message>
        <source>1×</source>
        <translation>1×</translation>
    </message>
    <message>
        <source>10×</source>
        <translation>10×</translation>
    </message>
    <message>
        <source>Divisor √d_k, the usual scaling (Alt+2)</source>
        <translation>除数 √d_k，通常的缩放（Alt+2）</translation>
    </message>
    <message>
        <source>Divisor 10 × √d_k: flat, nearly uniform rows (Alt+3)</source>
        <translation>除数 10 × √d_k：平坦，各行接近均匀（Alt+3）</translation>
    </message>
    <message>
        <source>Weights of the current head at this divisor (row = query, column = key). Right-click to export.</source>
        <translation>当前头在这个除数下的权重（行 = 查询，列 = 键）。右键点击可导出。</translation>
    </message>
    <message>
        <source>Entropy of each query row&apos;s weights in bits; + marks the uniform maximum. Right-click to export.</source>
        <translation>每个查询行权重的熵（单位：比特）；+ 标出均匀时的最大值。右键点击可导出。</translation>
    </message>
    <message>
        <source>entropy of the row</source>
        <translation>该行的熵</translation>
    </message>
    <message>
        <source>maximum (uniform row)</source>
        <translation>最大值（均匀的行）</translation>
    </message>
    <message>
        <source>entropy (bits)</source>
        <translation>熵（比特）</translation>
    </message>
    <message>
        <source>query token</source>
        <translation>查询词元</translation>
    </message>
    <message>
        <source>Divisor 0.1 × √d_k: sharper rows, closer to one-hot (Alt+1)</source>
        <translation>除数 0.1 × √d_k：各行更尖锐，更接近独热（Alt+1）</translation>
    </message>
    <message>
        <source>Dividing the scores by a smaller number stretches their differences: scores [%1] divided by %2 become [%3] and softmax gives nearly everything to the largest. A larger divisor squeezes the differences and the weights even out. Entropy measures how spread a row is: 0 bits for one-hot, log₂ of the number of visible keys for uniform.</source>
        <translation>分数除以一个较小的数，会拉大它们之间的差距：分数 [%1] 除以 %2 变成 [%3]，softmax 几乎把全部权重都给了最大的那个。除数越大，差距越小，权重也越平均。熵衡量一行权重有多分散：独热时为 0 比特，均匀时为可见键个数的 log₂。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::TokenBar</name>
    <message>
        <source>&amp;Sentence:</source>
        <translation>句子(&amp;S)：</translation>
    </message>
    <message>
        <source>Separator:</source>
        <translation>分隔符：</translation>
    </message>
    <message>
        <source>Type a sentence, e.g. 猫吃鱼 or “the cat saw the dog”</source>
        <translation>输入一个句子，例如“猫吃鱼”或“the cat saw the dog”</translation>
    </message>
    <message>
        <source>The sentence. It is cut into tokens as you type; Enter or a short pause applies it.</source>
        <translation>句子。输入时会随即切分成词元；按 Enter 或稍停片刻即可应用。</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Whitespace</source>
        <translation>按空格</translation>
    </message>
    <message>
        <source>Characters</source>
        <translation>按字符</translation>
    </message>
    <message>
        <source>Separator</source>
        <translation>按分隔符</translation>
    </message>
    <message>
        <source>How the sentence is cut into tokens:
Automatic: spaces split words and every Chinese, Japanese or Korean character is a token.
Whitespace: only spaces split.
Characters: every character is a token.
Separator: the text between separators is a token.</source>
        <translation>句子如何切分成词元：
自动：空格分开单词，每个中文、日文或韩文字符都是一个词元。
按空格：只在空格处切分。
按字符：每个字符都是一个词元。
按分隔符：两个分隔符之间的文字是一个词元。</translation>
    </message>
    <message>
        <source>The text that separates tokens in Separator mode.</source>
        <translation>“按分隔符”模式下用来分隔词元的文字。</translation>
    </message>
    <message>
        <source>The tokens, numbered from 0 as in every matrix row.</source>
        <translation>各个词元，从 0 开始编号，与每个矩阵的行号一致。</translation>
    </message>
    <message>
        <source>Why the sentence was not applied.</source>
        <translation>句子为什么没有被应用。</translation>
    </message>
    <message>
        <source>%1 tokens is more than the limit of %2.</source>
        <translation>%1 个词元超过了上限 %2。</translation>
    </message>
    <message>
        <source>These tokens cannot be used: %1</source>
        <translation>这些词元不能使用：%1</translation>
    </message>
    <message>
        <source>Set tokens to “%1”</source>
        <translation>把词元设为“%1”</translation>
    </message>
    <message>
        <source>Token %1: “%2” (not applied yet)</source>
        <translation>词元 %1：“%2”（尚未应用）</translation>
    </message>
    <message>
        <source>Token %1: “%2”</source>
        <translation>词元 %1：“%2”</translation>
    </message>
    <message numerus="yes">
        <source>… %n more</source>
        <translation>
            <numerusform>……还有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Only the first %1 tokens are shown as chips.</source>
        <translation>这里只显示前 %1 个词元。</translation>
    </message>
    <message>
        <source>These tokens come from a real model: X is what that model&apos;s layer computed for them. To change the text, type it in the Sentence field of the Model workspace (Ctrl+2), then open the head on the board again.</source>
        <translation>这些词元来自一个真实模型：X 是该模型那一层为它们算出的结果。要修改文本，请在模型工作区（Ctrl+2）的“句子”栏中输入，然后在流程板上重新打开这个头。</translation>
    </message>
    <message>
        <source>Type at least one token; until then the board keeps “%1”.</source>
        <translation>请至少输入一个词元；在此之前，流程板保留“%1”。</translation>
    </message>
    <message>
        <source>A sentence needs at least one token: the board kept “%1”.</source>
        <translation>句子至少需要一个词元：流程板保留了“%1”。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::TranslateActions</name>
    <message>
        <source>Cannot create %1 for the demo model.</source>
        <translation>无法为演示模型创建 %1。</translation>
    </message>
    <message>
        <source>Cannot write %1 for the demo model.</source>
        <translation>无法为演示模型写入 %1。</translation>
    </message>
    <message>
        <source>&amp;Translate…</source>
        <translation>翻译(&amp;T)…</translation>
    </message>
    <message>
        <source>Translate with a Marian (opus-mt) model and see each target token&apos;s cross-attention over the source (Ctrl+Shift+T)</source>
        <translation>用 Marian（opus-mt）模型翻译，并查看每个目标词元对源句的交叉注意力（Ctrl+Shift+T）</translation>
    </message>
    <message>
        <source>猫吃鱼 — translate it</source>
        <translation>猫吃鱼 —— 翻译它</translation>
    </message>
    <message>
        <source>Open the translation view with opus-mt-zh-en from the Hugging Face cache (or the built-in demo model) and translate 猫吃鱼</source>
        <translation>打开翻译视图，用 Hugging Face 缓存中的 opus-mt-zh-en（或内置演示模型）翻译 猫吃鱼</translation>
    </message>
    <message>
        <source>Cross-attention layer %1, head %2 is on the pipeline board.</source>
        <translation>交叉注意力第 %1 层、头 %2 已在流程板上打开。</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::TranslationWindow</name>
    <message>
        <source>Choose a Marian (opus-mt) model folder</source>
        <translation>选择 Marian（opus-mt）模型文件夹</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message numerus="yes">
        <source>Opened %1: %2 encoder and %3 decoder layers, %4 heads each; generation_config.json asks for %n beam(s).</source>
        <translation>
            <numerusform>已打开 %1：编码器 %2 层、解码器 %3 层，每层 %4 个头；generation_config.json 要求 %n 束。</numerusform>
        </translation>
    </message>
    <message>
        <source>Translating…</source>
        <translation>正在翻译…</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n token(s).</source>
        <translation>
            <numerusform>生成 %n 个词元后已取消。</numerusform>
        </translation>
    </message>
    <message>
        <source>Translation: %1</source>
        <translation>译文：%1</translation>
    </message>
    <message>
        <source>Score (sum of log-probabilities ÷ length^length_penalty): %1</source>
        <translation>得分（对数概率之和 ÷ 长度^length_penalty）：%1</translation>
    </message>
    <message>
        <source>%1 (id %2): the model gave it probability %3</source>
        <translation>%1（id %2）：模型给它的概率是 %3</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>On this sentence layer %1 aligns most confidently: on average its heads&apos; mean gives %2 of each target token&apos;s attention to the one source token it attends to most.</source>
        <translation>在这句话上，第 %1 层对齐得最有把握：平均而言，它各头的平均把每个目标词元 %2 的注意力给了它最关注的那个源词元。</translation>
    </message>
    <message>
        <source>Translation — cross-attention</source>
        <translation>翻译 —— 交叉注意力</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>A Marian (opus-mt) folder or a hub id such as %1</source>
        <translation>Marian（opus-mt）文件夹，或 %1 这样的 Hub ID</translation>
    </message>
    <message>
        <source>The folder of a Marian translation model (config.json, model.safetensors, source.spm, target.spm, vocab.json), or its id in the local Hugging Face cache</source>
        <translation>Marian 翻译模型的文件夹（config.json、model.safetensors、source.spm、target.spm、vocab.json），或它在本地 Hugging Face 缓存中的 ID</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Choose a model folder and open it</source>
        <translation>选择一个模型文件夹并打开</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Open the folder or hub id typed on the left</source>
        <translation>打开左边输入的文件夹或 Hub ID</translation>
    </message>
    <message>
        <source>猫吃鱼 example</source>
        <translation>猫吃鱼 示例</translation>
    </message>
    <message>
        <source>Translate 猫吃鱼 with opus-mt-zh-en from the Hugging Face cache, or with the built-in demo model when it is not there</source>
        <translation>用 Hugging Face 缓存中的 opus-mt-zh-en 翻译 猫吃鱼；缓存中没有时用内置演示模型</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>源句：</translation>
    </message>
    <message>
        <source>The sentence to translate (Enter translates it)</source>
        <translation>要翻译的句子（按 Enter 翻译）</translation>
    </message>
    <message>
        <source>Beams:</source>
        <translation>束数：</translation>
    </message>
    <message>
        <source>1: greedy search; more: beam search as transformers runs it. The default is what the model&apos;s generation_config.json asks for</source>
        <translation>1：贪心搜索；更多：按 transformers 的方式做束搜索。默认值取自模型的 generation_config.json</translation>
    </message>
    <message>
        <source>Max tokens:</source>
        <translation>最多词元：</translation>
    </message>
    <message>
        <source>At most this many target tokens (&lt;/s&gt; included)</source>
        <translation>最多生成这么多目标词元（含 &lt;/s&gt;）</translation>
    </message>
    <message>
        <source>Translate</source>
        <translation>翻译</translation>
    </message>
    <message>
        <source>Translate on a worker thread; the translation grows token by token</source>
        <translation>在后台线程中翻译；译文逐个词元增长</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the translation at its next token</source>
        <translation>在下一个词元处停止翻译</translation>
    </message>
    <message>
        <source>Target tokens made so far</source>
        <translation>已生成的目标词元</translation>
    </message>
    <message>
        <source>Translation (click a token to see where it looked):</source>
        <translation>译文（点击一个词元，看它在看哪里）：</translation>
    </message>
    <message>
        <source>The target tokens; the selected one&apos;s cross-attention is drawn below</source>
        <translation>目标词元；下面画出选中词元的交叉注意力</translation>
    </message>
    <message>
        <source>Layer:</source>
        <translation>层：</translation>
    </message>
    <message>
        <source>Head:</source>
        <translation>头：</translation>
    </message>
    <message>
        <source>Average of heads</source>
        <translation>各头平均</translation>
    </message>
    <message>
        <source>Show the mean of the layer&apos;s heads instead of one head</source>
        <translation>显示这一层各头的平均，而不是单个头</translation>
    </message>
    <message>
        <source>For each target token, the source token it attends to most, per layer (heads averaged) and that weight:</source>
        <translation>每个目标词元在每一层（各头平均）最关注的源词元，以及那个权重：</translation>
    </message>
    <message>
        <source>Rows: target tokens; columns: decoder layers</source>
        <translation>行：目标词元；列：解码器层</translation>
    </message>
    <message>
        <source>Attention is not word alignment: it says where the weight went, not which words translate each other, and weight on &lt;/s&gt; or punctuation often means &quot;nothing in particular&quot;.</source>
        <translation>注意力不是词对齐：它说明权重去了哪里，而不是哪些词互为翻译；放在 &lt;/s&gt; 或标点上的权重往往表示“没有特别要看的”。</translation>
    </message>
    <message>
        <source>Alignment</source>
        <translation>对齐</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>讲解</translation>
    </message>
    <message>
        <source>The source token each target token attends to most, per layer</source>
        <translation>每个目标词元在每一层最关注的源词元</translation>
    </message>
    <message>
        <source>What cross-attention is</source>
        <translation>什么是交叉注意力</translation>
    </message>
    <message>
        <source>Encoder self-attention</source>
        <translation>编码器自注意力</translation>
    </message>
    <message>
        <source>Decoder self-attention</source>
        <translation>解码器自注意力</translation>
    </message>
    <message>
        <source>Cross-attention</source>
        <translation>交叉注意力</translation>
    </message>
    <message>
        <source>layer %1, mean of the heads</source>
        <translation>第 %1 层，各头平均</translation>
    </message>
    <message>
        <source>layer %1, head %2</source>
        <translation>第 %1 层，头 %2</translation>
    </message>
    <message>
        <source>Attention:</source>
        <translation>注意力：</translation>
    </message>
    <message>
        <source>Cross (target → source)</source>
        <translation>交叉（目标 → 源）</translation>
    </message>
    <message>
        <source>Encoder self (source → source)</source>
        <translation>编码器自注意力（源 → 源）</translation>
    </message>
    <message>
        <source>Decoder self (target → target)</source>
        <translation>解码器自注意力（目标 → 目标）</translation>
    </message>
    <message>
        <source>The decoder&apos;s queries read the encoder&apos;s output: where each target token looked in the source</source>
        <translation>解码器的查询读取编码器的输出：每个目标词元在源句中看向哪里</translation>
    </message>
    <message>
        <source>The encoder&apos;s self-attention over the source, without a mask: every source token reads all of them, itself included</source>
        <translation>编码器对源文本的自注意力，没有掩码：每个源词元读取所有源词元，包括它自己</translation>
    </message>
    <message>
        <source>The decoder&apos;s causal self-attention: each target position reads the start token, the tokens made before it and itself</source>
        <translation>解码器的因果自注意力：每个目标位置读取起始词元、在它之前生成的词元以及它自己</translation>
    </message>
    <message>
        <source>Which of the model&apos;s three attentions the lines, the heatmap and the heads grid show</source>
        <translation>连线、热力图和各头网格显示模型三种注意力中的哪一种</translation>
    </message>
    <message>
        <source>The layer of the encoder or decoder whose attention is shown</source>
        <translation>显示其注意力的编码器层或解码器层</translation>
    </message>
    <message>
        <source>The head shown (when the heads are not averaged)</source>
        <translation>显示的头（不对各头取平均时）</translation>
    </message>
    <message>
        <source>Keys on top, queries below (cross-attention: source on top, translation below): each line&apos;s width and opacity is the weight the selected query gives that key. Click a token below to select it</source>
        <translation>键在上，查询在下（交叉注意力：源句在上，译文在下）：每条线的粗细和不透明度就是选中的查询给那个键的权重。点击下面的词元即可选中它</translation>
    </message>
    <message>
        <source>The attention weights: one row per query token, one column per key token; a row sums to 1</source>
        <translation>注意力权重：每个查询词元一行，每个键词元一列；每一行之和为 1</translation>
    </message>
    <message>
        <source>Every head of the chosen attention: row = layer, column = head; in a thumbnail the row is the query, the column the key. Click one to show it</source>
        <translation>所选注意力的每一个头：行 = 层，列 = 头；缩略图中行是查询，列是键。点击一个即可显示它</translation>
    </message>
    <message>
        <source>Translate a sentence to see every head here.</source>
        <translation>翻译一个句子，这里就会显示每一个头。</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>各头</translation>
    </message>
    <message>
        <source>Every head of the chosen attention, layer by layer</source>
        <translation>所选注意力的每一个头，逐层排列</translation>
    </message>
    <message>
        <source>Open on Board</source>
        <translation>在流程板上打开</translation>
    </message>
    <message>
        <source>Show the cross-attention head in the Layer and Head boxes on the pipeline board, step by step with the model&apos;s numbers: Q from the decoder, K and V from the encoder&apos;s output</source>
        <translation>在流程板上逐步显示“层”和“头”框中选定的交叉注意力头，用的是模型自己的数：Q 来自解码器，K 和 V 来自编码器的输出</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::UndoHistoryDock</name>
    <message>
        <source>History</source>
        <translation>历史记录</translation>
    </message>
    <message>
        <source>Every edit since the scene was opened. Click a line to go back to that point.</source>
        <translation>自打开场景以来的每一次修改。点击某一行即可回到那个时刻。</translation>
    </message>
    <message>
        <source>&lt;opened scene&gt;</source>
        <translation>&lt;刚打开的场景&gt;</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::VariantsBox</name>
    <message>
        <source>Attention variants (2024–2025 models)</source>
        <translation>注意力变体（2024–2025 年的模型）</translation>
    </message>
    <message>
        <source>Sliding &amp;window, width:</source>
        <translation>滑动窗口(&amp;W)，宽度：</translation>
    </message>
    <message>
        <source>Each query sees only itself and the width − 1 tokens before it (Mistral, Gemma 2 and 3). The Masked card draws the band.</source>
        <translation>每个查询只看到它自己和它前面的“宽度 − 1”个词元（Mistral、Gemma 2 和 3）。“掩码后的分数”卡片会画出这条带。</translation>
    </message>
    <message>
        <source>The window&apos;s width w: query i sees key j when i − w &lt; j ≤ i.</source>
        <translation>窗口宽度 w：当 i − w &lt; j ≤ i 时，查询 i 能看到键 j。</translation>
    </message>
    <message>
        <source>First token as sink</source>
        <translation>第一个词元作为汇点</translation>
    </message>
    <message>
        <source>Under the window, keep the first token visible to every query, as StreamingLLM keeps it in its cache so that spare attention has somewhere to go.</source>
        <translation>在窗口下，让每个查询始终能看到第一个词元，就像 StreamingLLM 把它留在缓存里，使多余的注意力有处可去。</translation>
    </message>
    <message>
        <source>Sin&amp;k logit:</source>
        <translation>汇点 logit(&amp;K)：</translation>
    </message>
    <message>
        <source>A learned logit per head that joins every row&apos;s softmax but brings no value (gpt-oss): it takes a share of the weight, shown on the Sink share card.</source>
        <translation>每个头一个学到的 logit，它参与每一行的 softmax，但不带来任何值（gpt-oss）：它拿走一部分权重，显示在“汇点份额”卡片上。</translation>
    </message>
    <message>
        <source>The sink logit, the same for every head here.</source>
        <translation>汇点 logit，这里每个头都相同。</translation>
    </message>
    <message>
        <source>&amp;QK-norm (RMSNorm of q and k)</source>
        <translation>&amp;QK-norm（对 q 和 k 做 RMSNorm）</translation>
    </message>
    <message>
        <source>Each query and key row is divided by its root mean square before the dot product (Qwen3, Gemma 3), with weights of 1.</source>
        <translation>在点积之前，每个查询行和键行都除以它的均方根（Qwen3、Gemma 3），权重为 1。</translation>
    </message>
    <message>
        <source>Soft &amp;cap:</source>
        <translation>软上限(&amp;C)：</translation>
    </message>
    <message>
        <source>Every scaled score s becomes tanh(s ÷ c)·c before the mask (Gemma 2), so no score passes the cap c.</source>
        <translation>在掩码之前，每个缩放后的分数 s 变为 tanh(s ÷ c)·c（Gemma 2），所以没有分数会超过上限 c。</translation>
    </message>
    <message>
        <source>The cap c, a number greater than 0.</source>
        <translation>上限 c，一个大于 0 的数。</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <source>Attention variants</source>
        <translation>注意力变体</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::WeightColourActions</name>
    <message>
        <source>&amp;Colours of the Weights</source>
        <translation>权重的配色(&amp;C)</translation>
    </message>
    <message>
        <source>The colour map of the attention weights, on screen and in exports</source>
        <translation>注意力权重的配色，屏幕显示和导出都使用它</translation>
    </message>
    <message>
        <source>Weights &amp;Fixed 0–1</source>
        <translation>权重固定 0–1(&amp;F)</translation>
    </message>
    <message>
        <source>The weights&apos; colours span 0 to 1, so cards and scenes compare directly</source>
        <translation>权重的颜色覆盖 0 到 1，不同卡片和场景可以直接比较</translation>
    </message>
    <message>
        <source>Weights &amp;Auto 0–max</source>
        <translation>权重自动 0–最大(&amp;A)</translation>
    </message>
    <message>
        <source>The weights&apos; colours span 0 to the largest weight, so small differences in long rows show</source>
        <translation>权重的颜色覆盖 0 到最大的权重，长行中的细小差别也看得出</translation>
    </message>
    <message>
        <source>&amp;Viridis</source>
        <translation>Viridis(&amp;V)</translation>
    </message>
    <message>
        <source>Dark purple to yellow; readable by most colour-blind viewers</source>
        <translation>从深紫到黄色；大多数色觉障碍者也能分辨</translation>
    </message>
    <message>
        <source>&amp;Cividis (colour-blind safe)</source>
        <translation>Cividis（适合色觉障碍者）(&amp;C)</translation>
    </message>
    <message>
        <source>Blue to yellow, designed for viewers with colour-vision deficiency</source>
        <translation>从蓝色到黄色，专为色觉缺陷者设计</translation>
    </message>
    <message>
        <source>&amp;Grayscale (for black-and-white printing)</source>
        <translation>灰度（适合黑白打印）(&amp;G)</translation>
    </message>
    <message>
        <source>Black to white, for handouts printed without colour</source>
        <translation>从黑到白，适合不用彩色打印的讲义</translation>
    </message>
</context>
<context>
    <name>attnlab::ui::Workspaces</name>
    <message>
        <source>&amp;Scene</source>
        <translation>场景(&amp;S)</translation>
    </message>
    <message>
        <source>The scene: the token bar, the pipeline board and the editors around it (Ctrl+1)</source>
        <translation>场景：词元栏、流程板和它周围的编辑器（Ctrl+1）</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <source>The model room over the whole window: a real GPT-2, BERT, Qwen2 or Llama model&apos;s heads and its prediction (Ctrl+2)</source>
        <translation>占满整个窗口的模型工作区：真实 GPT-2、BERT、Qwen2 或 Llama 模型的各个头及其预测（Ctrl+2）</translation>
    </message>
</context>
<context>
    <name>core</name>
    <message>
        <source>the head&apos;s scene is not valid: %1</source>
        <translation>该头的场景无效：%1</translation>
    </message>
</context>
</TS>
