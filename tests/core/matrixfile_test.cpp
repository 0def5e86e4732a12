// Matrices in and out: tab-separated text, CSV, NumPy's print and .npy files.
#include "core/json/matrixfile.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace attnlab;

namespace {

core::Matrix m23()
{
    core::Matrix m(2, 3);
    m << 0.1f, -2.5f, 3, 1e-3f, 7.25f, -0.f;
    return m;
}

// A .npy file written as NumPy 1.x writes it (the header text as np.save produces it).
std::string npy(const std::string &descr, const std::string &shape, const std::string &data, bool fortran = false)
{
    std::string header
        = "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") + ", 'shape': " + shape + ", }";
    header.append((64 - (10 + header.size() + 1) % 64) % 64, ' ');
    header += '\n';
    std::string out("\x93NUMPY\x01\x00", 8);
    out += char(header.size() & 0xff);
    out += char(header.size() >> 8);
    return out + header + data;
}

std::string doubles(std::initializer_list<double> values)
{
    std::string out;
    for (double v : values) {
        char raw[8];
        std::memcpy(raw, &v, 8);
        out.append(raw, 8);
    }
    return out;
}

} // namespace

TEST(MatrixText, TabSeparatedRoundTripsExactly)
{
    const core::Matrix m = m23();
    const core::MatrixReadResult r = core::parseMatrixText(core::matrixToTsv(m));
    ASSERT_TRUE(r.ok()) << r.english();
    EXPECT_EQ(r.matrix, m);
    EXPECT_EQ(core::matrixToTsv(m).substr(0, 9), "0.1\t-2.5\t");
}

TEST(MatrixText, ReadsCsvSemicolonsSpacesAndNumpysPrint)
{
    for (const char *text :
        {"1,2\n3,4\n", "1;2\r\n3;4\r\n", "  1   2\n 3 4 \n\n", "[[1. 2.]\n [3. 4.]]", "1\t2\t\n3\t4\t\n",
            "\xef\xbb\xbf"
            "1,2\n3,4",
            "1,+2\n3,4"}) {
        const core::MatrixReadResult r = core::parseMatrixText(text);
        ASSERT_TRUE(r.ok()) << text << ": " << r.english();
        ASSERT_EQ(r.matrix.rows(), 2) << text;
        ASSERT_EQ(r.matrix.cols(), 2) << text;
        EXPECT_EQ(r.matrix(1, 0), 3.f) << text;
        EXPECT_EQ(r.matrix(0, 1), 2.f) << text;
    }
}

TEST(MatrixText, SkipsAHeaderRowAndTokenLabelsAsOurCsvExportWritesThem)
{
    const core::MatrixReadResult r = core::parseMatrixText(",猫,吃\n猫,0.5,0.5\n吃,0.25,0.75\n");
    ASSERT_TRUE(r.ok()) << r.english();
    EXPECT_EQ(r.matrix.rows(), 2);
    EXPECT_EQ(r.matrix.cols(), 2);
    EXPECT_EQ(r.matrix(1, 1), 0.75f);
    const core::MatrixReadResult q = core::parseMatrixText("token,0,1,2\r\n猫,1,2,3\r\n吃,4,5,6\r\n");
    ASSERT_TRUE(q.ok()) << q.english();
    EXPECT_EQ(q.matrix.rows(), 2);
    EXPECT_EQ(q.matrix(0, 0), 1.f);
    // Without labels a first row of 0, 1, 2 is data.
    EXPECT_EQ(core::parseMatrixText("0,1,2\n4,5,6\n").matrix.rows(), 2);
    // The app's own minus sign reads back.
    EXPECT_EQ(core::parseMatrixText("\xe2\x88\x92"
                                    "1.5")
                  .matrix(0, 0),
        -1.5f);
}

TEST(MatrixText, BadTextNamesTheLineAndTheValue)
{
    EXPECT_EQ(core::parseMatrixText("1,2\n3,x\n").english(), "line 2, value 2: \"x\" is not a number");
    EXPECT_EQ(core::parseMatrixText("1,2\n3\n").english(), "line 2 has 1 values, but the first row has 2");
    EXPECT_EQ(core::parseMatrixText("").english(), "no numbers");
    EXPECT_EQ(core::parseMatrixText("a,b\n").english(), "no numbers");
    EXPECT_NE(core::parseMatrixText("1,2e7\n").english().find("within ±1e6"), std::string::npos);
    EXPECT_NE(core::parseMatrixText("1,nan\n").english().find("value 2"), std::string::npos);
    EXPECT_NE(core::parseMatrixText("1,1e999\n").english().find("value 2"), std::string::npos);
    EXPECT_EQ(core::parseMatrixText("1 2 3 4", 3).english(), "more than 3 values");
}

TEST(Npy, WritesWhatNumpyReadsAndReadsItBack)
{
    const core::Matrix m = m23();
    const std::string bytes = core::matrixToNpy(m);
    EXPECT_EQ(bytes.compare(0, 8, std::string("\x93NUMPY\x01\x00", 8)), 0);
    const std::size_t headerLength
        = std::size_t(static_cast<unsigned char>(bytes[8])) | std::size_t(static_cast<unsigned char>(bytes[9])) << 8;
    EXPECT_EQ((10 + headerLength) % 64, 0u); // NumPy aligns the data to 64 bytes
    EXPECT_NE(bytes.find("'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"), std::string::npos);
    EXPECT_EQ(bytes.size(), 10 + headerLength + 6 * 4);
    const core::MatrixReadResult r = core::parseNpy(bytes);
    ASSERT_TRUE(r.ok()) << r.english();
    EXPECT_EQ(r.matrix, m);
}

TEST(Npy, ReadsFloat64AndOneDimensionalArrays)
{
    const core::MatrixReadResult r = core::parseNpy(npy("<f8", "(2, 2)", doubles({1, 2, 3, 4.5})));
    ASSERT_TRUE(r.ok()) << r.english();
    EXPECT_EQ(r.matrix(1, 1), 4.5f);
    const core::MatrixReadResult row = core::parseNpy(npy("<f8", "(3,)", doubles({1, 2, 3})));
    ASSERT_TRUE(row.ok()) << row.english();
    EXPECT_EQ(row.matrix.rows(), 1);
    EXPECT_EQ(row.matrix.cols(), 3);
}

TEST(Npy, RefusesWhatItCannotReadWithAReason)
{
    EXPECT_NE(core::parseNpy("hello").english().find("not a NumPy"), std::string::npos);
    EXPECT_NE(core::parseNpy(npy("<i8", "(1, 1)", doubles({1}))).english().find("dtype '<i8'"), std::string::npos);
    EXPECT_NE(core::parseNpy(npy(">f8", "(1, 1)", doubles({1}))).english().find("not supported"), std::string::npos);
    EXPECT_NE(core::parseNpy(npy("<f8", "(1, 1)", doubles({1}), true)).english().find("Fortran"), std::string::npos);
    EXPECT_NE(core::parseNpy(npy("<f8", "(2, 2, 2)", doubles({1}))).english().find("1-D or 2-D"), std::string::npos);
    EXPECT_NE(core::parseNpy(npy("<f8", "(2, 2)", doubles({1, 2, 3}))).english().find("needs 32"), std::string::npos);
    EXPECT_NE(core::parseNpy(npy("<f8", "(99999999999999999999, 2)", "")).english().find("larger"), std::string::npos);
    EXPECT_NE(core::parseNpy(npy("<f8", "(4294967296, 4294967296)", "")).english().find("larger"), std::string::npos);
    EXPECT_NE(core::parseNpy(npy("<f8", "(1, 1)", doubles({1e300}))).english().find("[0][0]"), std::string::npos);
    std::string cut = core::matrixToNpy(m23());
    cut.resize(20);
    EXPECT_FALSE(core::parseNpy(cut).ok());
}
