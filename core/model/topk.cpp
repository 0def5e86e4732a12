#include "core/model/topk.h"

#include <algorithm>
#include <numeric>

namespace attnlab::core::model {

std::vector<TokenProbability> topK(const Eigen::Ref<const RowVector> &probabilities, int k)
{
    const int n = int(probabilities.size());
    k = std::clamp(k, 0, n);
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    // A strict weak order even with NaN: NaN entries sort after every number.
    const auto before = [&](int a, int b) {
        const Scalar pa = probabilities[a], pb = probabilities[b];
        const bool na = pa != pa, nb = pb != pb;
        if (na != nb)
            return nb;
        if (!na && pa != pb)
            return pa > pb;
        return a < b;
    };
    std::partial_sort(order.begin(), order.begin() + k, order.end(), before);
    std::vector<TokenProbability> out;
    out.reserve(k);
    for (int i = 0; i < k; ++i)
        out.push_back({order[i], probabilities[order[i]]});
    return out;
}

} // namespace attnlab::core::model
